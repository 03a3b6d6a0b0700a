import { z } from 'zod';

/** One leak: a held-out (or previewed) task retrieves a card whose provenance includes that task. */
export const leakPathSchema = z.object({
  via: z.enum(['run-task', 'trajectory', 'diagnosis']),
  versionNumber: z.number().int(),
  proposalId: z.string(),
  runId: z.string(),
  trajectoryId: z.string().nullable(),
  diagnosisId: z.string().nullable(),
  text: z.string(),
});

export const leakSchema = z.object({
  taskId: z.string(),
  taskExternalId: z.string(),
  benchmark: z.string(),
  cardKey: z.string(),
  versionId: z.string(),
  version: z.number().int(),
  paths: z.array(leakPathSchema),
});
export type Leak = z.infer<typeof leakSchema>;
export const leaksSchema = z.array(leakSchema);
