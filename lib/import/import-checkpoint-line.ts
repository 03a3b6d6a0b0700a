import { ZodError } from 'zod';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { attachCheckpointResultsTx } from './attach-checkpoint-results';
import { checkpointsLineSchema } from './checkpoint-results-schema';

export type LineOutcome =
  { status: 'imported' | 'present' } | { status: 'conflict' | 'invalid'; issues: { path: string; reason: string }[] };

/**
 * One line of a `checkpoints.v1` file: validated, then attached to its
 * trajectory in a transaction of its own (lib/import/attach-checkpoint-results.ts),
 * so one bad line never costs the others. A line whose result is already
 * stored is `present`; one refused because the checkpoint is diagnosed is a
 * `conflict`; any other problem is `invalid`, with the field it is about.
 */
export async function importCheckpointLine(raw: unknown, actorId: string | null): Promise<LineOutcome> {
  const parsed = checkpointsLineSchema.safeParse(raw);
  if (!parsed.success)
    return {
      status: 'invalid',
      issues: parsed.error.issues.slice(0, 5).map((i) => ({
        path: i.code === 'unrecognized_keys' ? i.keys.join(', ') : i.path.join('.'),
        reason: i.code === 'unrecognized_keys' ? 'unknown field, not one checkpoints.v1 takes' : i.message,
      })),
    };
  const { format: _format, trajectory_id, trace_id, ...result } = parsed.data;
  try {
    const out = await prisma.$transaction((tx) =>
      attachCheckpointResultsTx(tx, {
        actorId,
        ref: trajectory_id ? { trajectory: trajectory_id } : { traceId: trace_id! },
        checkpoints: [result],
        pathOf: (_i, field) => field,
      }),
    );
    return { status: out.checkpoints[0].status === 'unchanged' ? 'present' : 'imported' };
  } catch (err) {
    if (err instanceof ZodError) throw err;
    if (!(err instanceof AppError) || !['NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE'].includes(err.code)) throw err;
    const issues = err.details.length
      ? err.details.map((d) => ({ path: d.path ?? '', reason: d.message }))
      : [{ path: '', reason: err.message }];
    if (err.code === 'NOT_FOUND' && !trajectory_id && issues[0]) issues[0].path = 'trace_id';
    return { status: err.code === 'CONFLICT' ? 'conflict' : 'invalid', issues };
  }
}
