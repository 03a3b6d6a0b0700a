import { Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { activeClaimBy, CLAIM_FREE, QUEUE_FROM, queueConditions, queueFilterSchema } from './queue-filters';

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
  const doneToday = await prisma.diagnosis.count({ where: { authorId: actor.userId, status: 'SUBMITTED', submittedAt: { gte: midnight } } });
  const where = Prisma.join([...queueConditions(filter), Prisma.sql`(${CLAIM_FREE} OR ${activeClaimBy(actor.userId)})`], ' AND ');
  const [row] = await prisma.$queryRaw<{ remaining: bigint; holding: bigint }[]>`
    SELECT count(*) AS remaining, count(*) FILTER (WHERE ${activeClaimBy(actor.userId)}) AS holding FROM ${QUEUE_FROM} WHERE ${where}`;
  return { doneToday, remaining: Number(row.remaining), holding: Number(row.holding) };
}
