import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { queueSizes } from './queue-counts';
import { queueFilterSchema } from './queue-filters';

export type Progress = { doneToday: number; remaining: number; holding: number };

/**
 * Per-annotator progress: diagnoses submitted since midnight UTC, and how many
 * items matching the filters are still open to them (free or theirs).
 */
export async function annotatorProgress(actor: Actor, input: Record<string, unknown> = {}): Promise<Progress> {
  requirePermission(actor, 'queue:work');
  const filter = queueFilterSchema.parse(input);
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  const [doneToday, sizes] = await Promise.all([
    prisma.diagnosis.count({ where: { authorId: actor.userId, status: 'SUBMITTED', submittedAt: { gte: midnight } } }),
    queueSizes(filter),
  ]);
  // Open to them: free items plus their own; items others hold are not.
  const holding = sizes.claimedBy(actor.userId);
  return { doneToday, remaining: sizes.total - sizes.claimed + holding, holding };
}
