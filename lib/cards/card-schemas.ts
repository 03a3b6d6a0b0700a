import { z } from 'zod';

/**
 * Card contents as docs/architecture.md "Cards" fixes them. Shared by the bank, the curator's
 * output validation, the review editor and the exporters.
 */

const text = (max = 600) => z.string().trim().min(1).max(max);
export const toolNameSchema = z.string().regex(/^[A-Za-z][\w-]*\.[A-Za-z_][\w]*$/, 'must be App.function');

export const functionArgumentSchema = z.object({
  name: z.string().min(1),
  meaning: text(300),
  value_form: text(200),
});

export const functionCardSchema = z.object({
  tool: toolNameSchema,
  app: z.string().min(1),
  function: z.string().min(1),
  what_it_does: text(400),
  arguments: z.array(functionArgumentSchema).max(12),
  returns: text(400),
  usage_rules: z.array(text(300)).max(5),
  common_mistakes: z.array(text(300)).max(4),
  side_effects: z.array(text(300)).max(4),
});
export type FunctionCardContent = z.infer<typeof functionCardSchema>;

export const skillBodySchema = z.object({
  core_rule: text(400),
  completion_condition: z.array(text(300)).default([]),
  success_contrast: z.array(text(300)).default([]),
  failure_contrast: z.array(text(300)).default([]),
  recovery: z.array(text(300)).default([]),
  efficiency: z.array(text(300)).default([]),
  procedure_sketch: z.array(text(300)).max(5).optional(),
});

export const skillEvidenceSchema = z.object({
  observed_feedback: z.array(text(400)).default([]),
  state_transition: z.array(text(400)).default([]),
  good_examples: z.array(text(400)).default([]),
  bad_examples: z.array(text(400)).default([]),
});

export const skillCardSchema = z.object({
  title: text(120),
  applies_when: text(400),
  solves: text(400),
  tags: z
    .array(z.string().regex(/^[a-z0-9][a-z0-9 _-]*$/, 'tags are lowercase keywords'))
    .min(3)
    .max(8),
  skill: skillBodySchema,
  evidence: skillEvidenceSchema,
  functions_used: z.array(toolNameSchema).default([]),
});
export type SkillCardContent = z.infer<typeof skillCardSchema>;

/** A Reflector delta is a skill card without an id. */
export const skillDeltaSchema = skillCardSchema;
export type SkillDeltaContent = SkillCardContent;

export function skillCardKey(hex: string): string {
  return `skill::skill_${hex}`;
}

export function functionCardKey(tool: string): string {
  return `function::${tool}`;
}
