import { requirePermission, type Actor } from '@/lib/auth/permissions';
import type { QueueCounts } from './list-queue';
import { queueSizes } from './queue-counts';
import { parseQueueFilter } from './queue-filters';

export type Progress = { doneToday: number; remaining: number; holding: number };

/** Progress from the list's counts: open to the caller are the free items plus their own; items others hold are not. */
export function progressFrom(counts: Pick<QueueCounts, 'unclaimed' | 'mine'>, done: number): Progress {
  return { doneToday: done, remaining: counts.unclaimed + counts.mine, holding: counts.mine };
}

/**
 * Per-annotator progress: diagnoses submitted since midnight UTC, and how many
 * items matching the filters are still open to them (free or theirs).
 */
export async function annotatorProgress(actor: Actor, input: Record<string, unknown> = {}): Promise<Progress> {
  requirePermission(actor, 'queue:work');
  const filter = await parseQueueFilter(input);
  const sizes = await queueSizes(filter, actor.userId);
  const mine = sizes.claimedBy(actor.userId);
  return progressFrom({ unclaimed: sizes.total - sizes.claimed, mine }, sizes.doneToday);
}
