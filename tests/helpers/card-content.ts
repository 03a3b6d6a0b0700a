import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';

/** What a test says about a skill card: any top-level field, and any of the skill's and evidence's own fields. */
export type SkillOverrides = Partial<Omit<SkillCardContent, 'skill' | 'evidence'>> & {
  core_rule?: string;
  skill?: Partial<SkillCardContent['skill']>;
  evidence?: Partial<SkillCardContent['evidence']>;
};

/** A valid skill card's content (no database): a pagination rule unless the test says otherwise. */
export function skillContent(over: SkillOverrides = {}): SkillCardContent {
  const { core_rule, skill, evidence, ...rest } = over;
  return {
    title: 'Read every page before choosing',
    applies_when: 'A list call returns a next page marker',
    solves: 'Missing items on later pages',
    tags: ['pagination', 'search', 'newest'],
    skill: {
      core_rule: core_rule ?? 'Keep fetching pages until none is left before choosing',
      completion_condition: ['The last response has no next page marker'],
      success_contrast: [],
      failure_contrast: ['Stopped at page 1'],
      recovery: [],
      efficiency: [],
      ...skill,
    },
    evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [], ...evidence },
    functions_used: [],
    ...rest,
  };
}

/** A valid function card's content for `tool` ("app.function"). */
export function functionContent(tool: string, over: Partial<FunctionCardContent> = {}): FunctionCardContent {
  const [app, fn] = tool.split('.');
  return {
    tool,
    app,
    function: fn,
    what_it_does: `Runs ${fn.replace(/_/g, ' ')} in ${app}`,
    arguments: [],
    returns: 'A JSON object',
    usage_rules: [`Call ${fn.replace(/_/g, ' ')} only after reading the current state`],
    common_mistakes: ['Reusing a stale id'],
    side_effects: [],
    ...over,
  };
}
