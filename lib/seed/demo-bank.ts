import { z } from 'zod';
import {
  functionCardSchema,
  skillCardSchema,
  type FunctionCardContent,
  type SkillCardContent,
} from '@/lib/cards/card-schemas';
import bank from './demo-bank.json' with { type: 'json' };

/**
 * The self-written demo bank: skill cards per ability and global function
 * cards. Their texts live in demo-bank.json (data, one entry per card); this
 * module turns each entry into its versions and checks every version against
 * the real card schemas, so the demo can never hold a card the product would
 * refuse.
 */
/** `task`: the demo task (external id) the card's text is about; its versions come from that task's reflection run. */
export type DemoSkillCard = {
  hex: string;
  ability: 'mail' | 'travel';
  task: string;
  apps: string[];
  versions: SkillCardContent[];
};
export type DemoFunctionCard = { versions: FunctionCardContent[] };

const texts = z.array(z.string());
const skillLists = z.object({
  completion_condition: texts.optional(),
  success_contrast: texts.optional(),
  failure_contrast: texts.optional(),
  recovery: texts.optional(),
  efficiency: texts.optional(),
});

// One entry of demo-bank.json: version 1 in full (lists not named are empty), then each revision's changed lists.
const skillEntrySchema = skillLists.extend({
  hex: z.string().regex(/^[0-9a-f]{6}$/),
  ability: z.enum(['mail', 'travel']),
  task: z.string(),
  apps: texts,
  title: z.string(),
  applies_when: z.string(),
  solves: z.string(),
  tags: texts,
  functions_used: texts,
  observed_feedback: texts.default([]),
  core_rule: z.string(),
  revisions: z.array(skillLists).default([]),
});

const functionFields = z.object({
  what_it_does: z.string(),
  // [name, meaning, value form]
  arguments: z.array(z.tuple([z.string(), z.string(), z.string()])),
  returns: z.string(),
  usage_rules: texts,
  common_mistakes: texts,
  side_effects: texts,
});
const functionEntrySchema = functionFields.extend({
  tool: z.string(),
  revisions: z.array(functionFields.partial()).default([]),
});

const bankSchema = z.object({ skillCards: z.array(skillEntrySchema), functionCards: z.array(functionEntrySchema) });

/** Version 1, then each revision applied to the version before it. */
function versionsOf<E, V>(entry: E & { revisions: Partial<E>[] }, first: (e: E) => V): V[] {
  const out: V[] = [];
  let current: E = entry;
  for (const change of [{}, ...entry.revisions]) {
    current = { ...current, ...change };
    out.push(first(current));
  }
  return out;
}

function skillVersion(e: z.infer<typeof skillEntrySchema>): SkillCardContent {
  return skillCardSchema.parse({
    title: e.title,
    applies_when: e.applies_when,
    solves: e.solves,
    tags: e.tags,
    skill: {
      core_rule: e.core_rule,
      completion_condition: e.completion_condition ?? [],
      success_contrast: e.success_contrast ?? [],
      failure_contrast: e.failure_contrast ?? [],
      recovery: e.recovery ?? [],
      efficiency: e.efficiency ?? [],
    },
    evidence: { observed_feedback: e.observed_feedback, state_transition: [], good_examples: [], bad_examples: [] },
    functions_used: e.functions_used,
  });
}

function functionVersion(e: z.infer<typeof functionEntrySchema>): FunctionCardContent {
  const [app, func] = e.tool.split('.');
  return functionCardSchema.parse({
    tool: e.tool,
    app,
    function: func,
    what_it_does: e.what_it_does,
    arguments: e.arguments.map(([name, meaning, value_form]) => ({ name, meaning, value_form })),
    returns: e.returns,
    usage_rules: e.usage_rules,
    common_mistakes: e.common_mistakes,
    side_effects: e.side_effects,
  });
}

const data = bankSchema.parse(bank);

export const DEMO_SKILL_CARDS: DemoSkillCard[] = data.skillCards.map((e) => ({
  hex: e.hex,
  ability: e.ability,
  task: e.task,
  apps: e.apps,
  versions: versionsOf(e, skillVersion),
}));

export const DEMO_FUNCTION_CARDS: DemoFunctionCard[] = data.functionCards.map((e) => ({
  versions: versionsOf(e, functionVersion),
}));
