import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createQueuedRun, createSkillCard, mailTaskWithDiagnosis } from './reflection-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

/**
 * The real pipeline's PATCH: mail/1 with a diagnosis, a close card in its own
 * bank, one offline reflection run → a pending PATCH_CARD based on that card's v1.
 */
export async function pendingPatch() {
  const seeded = await mailTaskWithDiagnosis();
  const card = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability: seeded.ability, apps: ['mail'] });
  const run = await createQueuedRun({ taskId: seeded.taskId, settings: offline });
  await executeRun(run.id);
  const proposal = await prisma.proposal.findFirstOrThrow({
    where: { runId: run.id, operation: 'PATCH_CARD', status: 'PENDING' },
    include: { targets: true },
  });
  return { ...seeded, card, run, proposal };
}

/** A second pending proposal on the same base as `p` (what a second reviewer would approve in parallel). */
export async function twinProposal(p: Awaited<ReturnType<typeof pendingPatch>>['proposal']) {
  return prisma.proposal.create({
    data: {
      runId: p.runId,
      deltaId: p.deltaId,
      deltaIndex: p.deltaIndex,
      cardKind: p.cardKind,
      ability: p.ability,
      operation: p.operation,
      targetCardId: p.targetCardId,
      proposedCard: p.proposedCard as Prisma.InputJsonValue,
      reason: `${p.reason} (twin)`,
      status: 'PENDING',
      targets: {
        create: p.targets.map((t) => ({ cardId: t.cardId, baseVersionId: t.baseVersionId, primary: t.primary })),
      },
    },
  });
}

export const versionRows = () =>
  prisma.cardVersion.findMany({
    select: { id: true, cardId: true, number: true, content: true },
    orderBy: { id: 'asc' },
  });
