import { z } from 'zod';

/**
 * Settings a user picks when starting a reflection run (stored on
 * ReflectionRun.settings). Shared by the run-creation API, the job worker and
 * the pipeline that executes a run.
 */
export const reflectionRunSettingsSchema = z.object({
  // Which trajectories of the task go into the contrast packet.
  scope: z.enum(['failed_and_passed', 'passed_only']).default('failed_and_passed'),
  // Refuse to run (clear error) when the task has no submitted diagnosis.
  requireDiagnoses: z.boolean().default(true),
  // "offline" = the deterministic rule-based provider; "openai" = the configured endpoint.
  provider: z.enum(['offline', 'openai']).default('offline'),
  // Model names per step when provider = openai (defaults come from admin settings / env).
  reflectorModel: z.string().min(1).optional(),
  curatorModel: z.string().min(1).optional(),
});
export type ReflectionRunSettings = z.infer<typeof reflectionRunSettingsSchema>;

export const functionCardRunSettingsSchema = z.object({
  provider: z.enum(['offline', 'openai']).default('offline'),
  model: z.string().min(1).optional(),
  // Only these tools ("App.function"); all observed tools when empty.
  tools: z.array(z.string()).default([]),
});
export type FunctionCardRunSettings = z.infer<typeof functionCardRunSettingsSchema>;

/**
 * A RECURATE run's settings: the stale proposal a reviewer re-curated, plus
 * the settings of the run that made it (reflection or function-card fields),
 * so the re-run reads the same inputs.
 */
export const recurateRunSettingsSchema = z.looseObject({
  recurateProposalId: z.string().min(1),
  provider: z.enum(['offline', 'openai']).default('offline'),
});
