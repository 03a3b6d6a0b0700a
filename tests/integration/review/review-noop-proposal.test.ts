import type { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { getProposal } from '@/lib/review/get-proposal';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createActor } from '../../helpers/factories';
import { createQueuedRun, createSkillCard } from '../../helpers/reflection-fixtures';

const v1 = DEMO_SKILL_CARDS[0].versions[0];

/** A curator no-op as the offline curator writes it: the card it duplicates named, no targets, no card. */
async function noopProposal(opts: { targetCardId: string | null; reason: string; delta: unknown }) {
  const run = await createQueuedRun({ settings: { provider: 'offline' } });
  const delta = await prisma.skillDelta.create({
    data: { runId: run.id, index: 0, content: opts.delta as Prisma.InputJsonValue, valid: true },
  });
  return prisma.proposal.create({
    data: {
      runId: run.id,
      deltaId: delta.id,
      deltaIndex: 0,
      cardKind: 'SKILL',
      ability: 'mail',
      operation: 'NOOP',
      targetCardId: opts.targetCardId,
      proposedCard: undefined,
      reason: opts.reason,
      status: 'NOOP',
    },
  });
}

describe('a NOOP proposal', () => {
  it('explains itself: the reason, the near-duplicate card (and any other it names) as it is now, the recorded similarity, the delta against each card', async () => {
    const dup = await createSkillCard(v1, { ability: 'mail' });
    const other = await createSkillCard({ ...v1, title: 'Another card' }, { ability: 'mail' });
    const delta = { ...v1, skill: { ...v1.skill, recovery: [...v1.skill.recovery, 'Retry a failed page once'] } };
    const p = await noopProposal({
      targetCardId: dup.cardId,
      reason: `Near-duplicate of ${dup.key} (BM25 similarity 1.00); see also ${other.key}.`,
      delta,
    });
    const detail = await getProposal(await createActor('REVIEWER'), p.id);

    expect(detail.targets).toEqual([]);
    expect(detail.noop).toMatchObject({ reason: expect.stringContaining('Near-duplicate'), similarity: 1 });
    expect(detail.noop!.cards.map((c) => [c.key, c.currentNumber, c.status])).toEqual([
      [dup.key, 1, 'ACTIVE'],
      [other.key, 1, 'ACTIVE'],
    ]);
    // What the delta would have added to the duplicate: the one recovery item it lacks.
    const recovery = detail.noop!.cards[0].deltaDiff!.find((c) => c.path === 'skill.recovery');
    expect(recovery).toMatchObject({ changed: true, kind: 'list' });
    expect(detail.noop!.cards[0].deltaDiff!.filter((c) => c.changed).map((c) => c.path)).toEqual(['skill.recovery']);
  });

  it('without a named card or a similarity in its reason it says so (no cards, similarity null); other operations carry no explanation', async () => {
    const p = await noopProposal({ targetCardId: null, reason: 'Weak evidence: one run only', delta: v1 });
    const reviewer = await createActor('REVIEWER');
    expect((await getProposal(reviewer, p.id)).noop).toEqual({
      reason: 'Weak evidence: one run only',
      cards: [],
      similarity: null,
    });
    const add = await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability: 'mail',
        operation: 'ADD_CARD',
        proposedCard: v1 as Prisma.InputJsonValue,
        reason: 'new',
      },
    });
    expect((await getProposal(reviewer, add.id)).noop).toBeNull();
  });
});
