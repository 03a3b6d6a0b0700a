import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { approveProposal } from '@/lib/review/approve-proposal';

export type ApprovedCard = { proposalId: string; operation: string; key: string; versionId: string; content: unknown };
export type ApprovalOutcome = { approved: ApprovedCard[]; refused: { proposalId: string; reason: string }[] };

/**
 * "Approve all valid" for the quality report: every valid, pending, non-NOOP
 * proposal of the run goes through THE approval transaction (the one the
 * review UI and the API call), so the bank the report measures is the bank a
 * reviewer who approved everything would get — re-validation, staleness and
 * all. Refusals are reported with their reason, never skipped silently.
 */
export async function approveAllValid(actor: Actor, runId: string): Promise<ApprovalOutcome> {
  const proposals = await prisma.proposal.findMany({
    where: { runId, valid: true, status: 'PENDING', operation: { not: 'NOOP' } },
    select: { id: true, operation: true },
    orderBy: [{ deltaIndex: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
  });
  const out: ApprovalOutcome = { approved: [], refused: [] };
  for (const p of proposals) {
    try {
      const { cardVersions } = await approveProposal(actor, p.id, {
        note: 'eval:reflection approves every valid proposal',
      });
      const versions = await prisma.cardVersion.findMany({
        where: { id: { in: cardVersions.map((v) => v.versionId) } },
        select: { id: true, content: true },
      });
      const content = new Map(versions.map((v) => [v.id, v.content]));
      for (const v of cardVersions)
        out.approved.push({
          proposalId: p.id,
          operation: p.operation,
          key: v.key,
          versionId: v.versionId,
          content: content.get(v.versionId),
        });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.refused.push({ proposalId: p.id, reason: `${err.code}: ${err.message}` });
    }
  }
  return out;
}
