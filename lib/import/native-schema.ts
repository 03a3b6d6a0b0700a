import { z } from 'zod';

/**
 * The native import format `trajectory.v1` (docs/trajectory-format.md): one
 * JSON object per line. This schema is the single source of truth; adapters
 * for other benchmarks produce these records. Unknown fields are kept in
 * `metadata` by the importer, never dropped.
 */

export const eventSourceSchema = z.enum(['agent', 'user', 'environment', 'verifier']);
export const eventTypeSchema = z.enum(['message', 'tool_call', 'observation', 'notification', 'final']);
export const feedbackKindSchema = z.enum(['self_judge', 'task_binary', 'checkpoint_binary', 'checkpoint_binary_human']);
export const toolNamePattern = /^[A-Za-z][\w-]*\.[A-Za-z_][\w.-]*$/;

export const nativeEventSchema = z
  .object({
    source: eventSourceSchema,
    type: eventTypeSchema,
    content: z.string().nullish(),
    tool: z.string().regex(toolNamePattern, 'tool must be "App.function"').nullish(),
    arguments: z.record(z.string(), z.unknown()).nullish(),
    call_id: z.string().nullish(),
    error: z.boolean().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'tool_call' && !e.tool)
      ctx.addIssue({ code: 'custom', path: ['tool'], message: 'a tool_call needs a tool ("App.function")' });
    // The simulated user calls tools too (τ²-bench telecom's dual control): kept as tool calls, never the agent's.
    if (e.type === 'tool_call' && e.source !== 'agent' && e.source !== 'user') {
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message: `a tool_call comes from the agent or the user, not ${e.source}`,
      });
    }
  });
export type NativeEvent = z.input<typeof nativeEventSchema>;

export const nativeTaskCheckpointSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().nullish(),
  weight: z.number().nonnegative().default(1),
  kind: z.string().nullish(),
});

export const nativeTaskSchema = z.object({
  id: z.string().min(1),
  benchmark: z.string().min(1),
  ability: z.string().min(1).nullish(),
  instruction: z.string().min(1),
  apps: z.array(z.string().min(1)).default([]),
  split: z.enum(['reference', 'heldout']).nullish(),
  checkpoints: z.array(nativeTaskCheckpointSchema).default([]),
  metadata: z.record(z.string(), z.unknown()).default({}),
});

export const nativePolicySchema = z.object({
  kind: z.enum(['policy', 'system_prompt']).default('policy'),
  text: z.string().refine((t) => t.trim().length > 0, 'a policy needs its text'),
});

export const nativeCheckpointResultSchema = z.object({
  id: z.string().min(1),
  passed: z.boolean(),
  score: z.number().nullish(),
  total: z.number().nullish(),
  note: z.string().nullish(),
  event_index: z.number().int().nonnegative().nullish(),
  // Whether this check decided the run's outcome (inside its reward basis); false: informational only.
  in_reward_basis: z.boolean().nullish(),
});

export const nativeRecordSchema = z
  .object({
    format: z.literal('trajectory.v1'),
    task: nativeTaskSchema,
    trajectory: z.object({
      id: z.string().min(1),
      model: z.string().min(1),
      agent: z.string().nullish(),
      trial: z.number().int().nullish(),
      outcome: z.object({ passed: z.boolean(), score: z.number().nullish(), reason: z.string().nullish() }),
      feedback: feedbackKindSchema.default('checkpoint_binary'),
      memory: z.object({ bank_release: z.string().nullish(), card_ids: z.array(z.string()).default([]) }).nullish(),
      metadata: z.record(z.string(), z.unknown()).default({}),
      // The rules the agent was given: stored once per benchmark, domain and text (lib/import/record-policy.ts).
      policy: nativePolicySchema.nullish(),
    }),
    events: z.array(nativeEventSchema),
    checkpoints: z.array(nativeCheckpointResultSchema).default([]),
  })
  .superRefine((r, ctx) => {
    // Checkpoint ids are keys (one per task, one result per trajectory): a repeat is the user's to fix, not a database error.
    const known = new Set<string>();
    r.task.checkpoints.forEach((c, i) => {
      if (known.has(c.id))
        ctx.addIssue({
          code: 'custom',
          path: ['task', 'checkpoints', i, 'id'],
          message: `checkpoint id "${c.id}" is defined twice in task.checkpoints`,
        });
      known.add(c.id);
    });
    const scored = new Set<string>();
    r.checkpoints.forEach((c, i) => {
      if (!known.has(c.id))
        ctx.addIssue({
          code: 'custom',
          path: ['checkpoints', i, 'id'],
          message: `unknown checkpoint id "${c.id}" (not in task.checkpoints)`,
        });
      else if (scored.has(c.id))
        ctx.addIssue({
          code: 'custom',
          path: ['checkpoints', i, 'id'],
          message: `a second result for checkpoint "${c.id}": give each checkpoint one result`,
        });
      scored.add(c.id);
      if (c.event_index != null && c.event_index >= r.events.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['checkpoints', i, 'event_index'],
          message: `event_index ${c.event_index} is past the last event (${r.events.length - 1})`,
        });
      }
    });
  });

export type NativeRecordInput = z.input<typeof nativeRecordSchema>;
export type NativeRecord = z.output<typeof nativeRecordSchema>;
