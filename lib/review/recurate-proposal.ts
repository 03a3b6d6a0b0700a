import type { Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { createAndEnqueue, type CreatedRun } from '@/lib/reflection/create-run';
import { functionCardRunSettingsSchema } from '@/lib/reflection/run-settings';
import { notPending } from './review-errors';
import { staleTargetsOf } from './staleness';

/**
 * "Re-curate" on a stale proposal: queues a RECURATE run (through the job
 * queue, like every run) that curates the proposal's delta again against the
 * current card(s); its proposal supersedes this one. A second click while
 * that run waits or runs returns the same run.
 */
export async function recurateProposal(actor: Actor, proposalId: string): Promise<{ run: CreatedRun }> {
  requirePermission(actor, 'proposal:review');
  const p = await prisma.proposal.findUnique({
    where: { id: proposalId },
    include: {
      run: true,
      targets: { include: { card: { select: { key: true, currentVersionId: true, status: true } } } },
    },
  });
  if (!p) throw notFound(`Proposal ${proposalId}`);
  if (p.status !== 'PENDING') throw notPending(p.status);
  if (staleTargetsOf(p.targets).length === 0) {
    throw new AppError(
      'CONFLICT',
      'This proposal is not stale: its target cards have not changed, so approve or reject it as it is',
      [],
      { reason: 'NOT_STALE' },
    );
  }
  if (!p.run)
    throw new AppError('VALIDATION', 'This proposal has no reflection run to re-curate from; reject it instead');
  if (p.cardKind === 'SKILL' && (!p.run.taskId || !p.deltaId))
    throw new AppError('VALIDATION', 'This proposal has no task or delta to re-curate; reject it instead');

  const active = await prisma.reflectionRun.findFirst({
    where: {
      kind: 'RECURATE',
      status: { in: ['QUEUED', 'RUNNING'] },
      settings: { path: ['recurateProposalId'], equals: proposalId },
    },
    select: { id: true, taskId: true, status: true },
  });
  if (active) return { run: active };

  const tool = (p.proposedCard as { tool?: string } | null)?.tool;
  const base =
    p.cardKind === 'FUNCTION'
      ? { ...functionCardRunSettingsSchema.parse(p.run.settings ?? {}), tools: tool ? [tool] : [] }
      : (p.run.settings as Record<string, unknown>);
  const settings = { ...base, recurateProposalId: proposalId };
  const [run] = await createAndEnqueue(
    actor,
    [
      {
        kind: 'RECURATE',
        taskId: p.run.taskId,
        provider: p.run.provider,
        model: p.run.model,
        settings: settings as Prisma.InputJsonValue,
      },
    ],
    { action: 'proposal.recurate', entityType: 'Proposal', entityId: proposalId, after: { proposalId, settings } },
  );
  return { run };
}
