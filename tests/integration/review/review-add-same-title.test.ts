import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { createActor } from '../../helpers/factories';
import { createQueuedRun, mailTaskWithDiagnosis } from '../../helpers/reflection-fixtures';
import { twinProposal } from '../../helpers/review-fixtures';
import { refusal } from '../../helpers/refusal';

/** A real offline ADD in a bank of its own (no card yet), and a second pending ADD of the same card, as two deltas of one run make. */
async function twoAddsOfOneCard() {
  const seeded = await mailTaskWithDiagnosis();
  const run = await createQueuedRun({
    taskId: seeded.taskId,
    settings: { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true },
  });
  await executeRun(run.id);
  const add = await prisma.proposal.findFirstOrThrow({
    where: { runId: run.id, operation: 'ADD_CARD', status: 'PENDING' },
    include: { targets: true },
  });
  return { ...seeded, add, twin: await twinProposal(add) };
}

const cardsOf = (ability: string) => prisma.card.count({ where: { kind: 'SKILL', ability } });

describe('approving an ADD whose title a card of the bank already has', () => {
  it('is refused (409 DUPLICATE_TITLE) naming that card, and the bank keeps one card (the second ADD used to add it again)', async () => {
    const { ability, add, twin } = await twoAddsOfOneCard();
    const reviewer = await createActor('REVIEWER');
    const { cardVersions } = await approveProposal(reviewer, add.id);
    const err = await refusal(approveProposal(reviewer, twin.id));
    expect([err.status, err.reason]).toEqual([409, 'DUPLICATE_TITLE']);
    expect(err.message).toContain(cardVersions[0].key);
    expect(await cardsOf(ability)).toBe(1);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: twin.id } })).status).toBe('PENDING');
  });

  it('lets two reviewers approving both at the same moment add the card once', async () => {
    const { ability, add, twin } = await twoAddsOfOneCard();
    const [a, b] = await Promise.all([createActor('REVIEWER'), createActor('REVIEWER')]);
    const results = await Promise.allSettled([approveProposal(a, add.id), approveProposal(b, twin.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await cardsOf(ability)).toBe(1);
  });

  it('approves the second one once the reviewer gives it a title of its own', async () => {
    const { ability, add, twin } = await twoAddsOfOneCard();
    const reviewer = await createActor('REVIEWER');
    await approveProposal(reviewer, add.id);
    const edited = {
      ...(twin.proposedCard as Record<string, unknown>),
      title: `${(twin.proposedCard as { title: string }).title} (second case)`,
    };
    await approveProposal(reviewer, twin.id, { editedCard: edited });
    expect(await cardsOf(ability)).toBe(2);
  });
});
