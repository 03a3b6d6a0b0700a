import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { notPending } from './review-errors';

export const rejectInputSchema = z.strictObject({
  reason: z.string({ error: 'reason is required' }).trim().min(1, 'A rejection needs a reason').max(2000),
});

/** Statuses a reviewer can still close: pending ones, and invalid ones kept for their reasons. */
const REJECTABLE = ['PENDING', 'INVALID'];

/** Rejects a proposal with a required reason (also how a stale one is rejected as stale). Nothing enters the bank. */
export async function rejectProposal(actor: Actor, proposalId: string, input: unknown): Promise<{ reviewId: string }> {
  requirePermission(actor, 'proposal:review');
  const { reason } = rejectInputSchema.parse(input ?? {});
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { status: string }[]
    >`SELECT status::text AS status FROM "Proposal" WHERE id = ${proposalId} FOR UPDATE`;
    if (!locked) throw notFound(`Proposal ${proposalId}`);
    if (!REJECTABLE.includes(locked.status)) throw notPending(locked.status);
    const review = await tx.review.create({
      data: { proposalId, reviewerId: actor.userId, decision: 'REJECTED', note: reason },
      select: { id: true },
    });
    await tx.proposal.update({ where: { id: proposalId }, data: { status: 'REJECTED' } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'proposal.reject',
      entityType: 'Proposal',
      entityId: proposalId,
      before: { status: locked.status },
      after: { status: 'REJECTED', reason, reviewId: review.id },
    });
    return { reviewId: review.id };
  });
}
