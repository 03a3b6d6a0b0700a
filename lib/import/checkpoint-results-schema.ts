import { z } from 'zod';

/**
 * Checkpoint results that arrive after their trajectory (evaluation usually
 * runs after the trace): the body of POST /api/trajectories/{id}/checkpoints
 * and the lines of the `checkpoints.v1` JSONL import (docs/trajectory-format.md).
 * Strict objects: a misspelt field is refused by name, never silently dropped.
 */
const resultFields = {
  id: z.string().trim().min(1).describe("The checkpoint's id as the task names it (e.g. 16_0)"),
  name: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe("Needed when the task does not define the checkpoint yet: it is added to the task's checkpoints"),
  description: z.string().optional().describe('Kept on a checkpoint added to the task'),
  passed: z.boolean(),
  score: z.number().finite().nullish(),
  total: z.number().finite().nullish(),
  note: z.string().nullish().describe("The evaluator's text"),
  event_index: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .describe('0-based position of the event the check is anchored to'),
  span_id: z
    .string()
    .trim()
    .min(1)
    .nullish()
    .describe('Or: the id of the span that became the event (its metadata.span_id), for traces'),
  in_reward_basis: z
    .boolean()
    .nullish()
    .describe('false: informational only, it does not decide the outcome; left out: it does'),
};

const oneAnchor = (c: { event_index?: number | null; span_id?: string | null }) =>
  c.event_index == null || c.span_id == null;
const oneAnchorIssue = { path: ['span_id'], message: 'give event_index or span_id, not both' };

export const lateCheckpointResultSchema = z.strictObject(resultFields).refine(oneAnchor, oneAnchorIssue);
export type LateCheckpointResult = z.output<typeof lateCheckpointResultSchema>;

export const lateOutcomeSchema = z
  .strictObject({
    passed: z.boolean(),
    score: z.number().finite().nullish(),
    reason: z.string().nullish(),
  })
  .describe(
    "The run's outcome; left out, it follows the checkpoint results (passed when every counted check passed, except that a run stopped before it finished — max_steps, too_many_errors, a trace whose root span failed, … — stays failed)",
  );

export const attachCheckpointsBodySchema = z
  .strictObject({
    checkpoints: z.array(lateCheckpointResultSchema).min(1, 'send at least one checkpoint result'),
    outcome: lateOutcomeSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.checkpoints.forEach((c, i) => {
      if (seen.has(c.id))
        ctx.addIssue({
          code: 'custom',
          path: ['checkpoints', i, 'id'],
          message: `a second result for checkpoint "${c.id}": give each checkpoint one result`,
        });
      seen.add(c.id);
    });
  });
export type AttachCheckpointsBody = z.input<typeof attachCheckpointsBodySchema>;

/**
 * One line of a `checkpoints.v1` file: one result, keyed by the trajectory
 * (its console id or the id it was imported under) or by the trace it came
 * from (OTLP: the trace id is the trajectory's external id or metadata.trace_id).
 */
export const checkpointsLineSchema = z
  .strictObject({
    format: z.literal('checkpoints.v1'),
    trajectory_id: z.string().trim().min(1).optional(),
    trace_id: z.string().trim().min(1).optional(),
    ...resultFields,
  })
  .refine(oneAnchor, oneAnchorIssue)
  .refine((l) => (l.trajectory_id == null) !== (l.trace_id == null), {
    path: ['trajectory_id'],
    message: 'name the trajectory: give trajectory_id or trace_id (one of them)',
  });
export type CheckpointsLine = z.output<typeof checkpointsLineSchema>;
