import type { CardKind, CardOperation, ProposalStatus } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listProposals } from '@/lib/review/list-proposals';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createActor } from '../../helpers/factories';
import { createQueuedRun, createSkillCard } from '../../helpers/reflection-fixtures';

type Seed = {
  operation: CardOperation;
  cardKind?: CardKind;
  ability?: string | null;
  status?: ProposalStatus;
  valid?: boolean;
  stale?: boolean;
};

/** One run's proposals as described; a stale one targets a card that has moved past its base (base: none). */
async function seedRun(seeds: Seed[]) {
  const run = await createQueuedRun({ settings: {} });
  const card = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability: 'mail' });
  for (const [i, s] of seeds.entries()) {
    await prisma.proposal.create({
      data: {
        runId: run.id,
        cardKind: s.cardKind ?? 'SKILL',
        ability: s.ability === undefined ? 'mail' : s.ability,
        operation: s.operation,
        status: s.status ?? 'PENDING',
        valid: s.valid ?? true,
        reason: `seed ${i}`,
        targets: s.stale ? { create: [{ cardId: card.cardId, baseVersionId: null, primary: true }] } : undefined,
      },
    });
  }
  return run.id;
}

describe('review inbox facet counts', () => {
  it('each facet counts under every other active filter, not over the whole status scope', async () => {
    const runId = await seedRun([
      { operation: 'ADD_CARD' },
      { operation: 'ADD_CARD', ability: 'calendar', valid: false, status: 'INVALID' },
      { operation: 'PATCH_CARD', stale: true },
      { operation: 'ADD_CARD', cardKind: 'FUNCTION', ability: null },
      { operation: 'PATCH_CARD', status: 'REJECTED' },
      { operation: 'MERGE_CARD', status: 'APPROVED' },
    ]);
    const reviewer = await createActor('REVIEWER');
    const counts = async (q: Record<string, string>) => listProposals(reviewer, { runId, ...q });

    // status=PENDING: the kinds and operations of pending proposals only (not the rejected PATCH nor the approved MERGE).
    const pending = await counts({ status: 'PENDING' });
    expect(pending.counts).toEqual({
      total: 3,
      stale: 1,
      current: 2,
      invalid: 0,
      valid: 3,
      byKind: { SKILL: 2, FUNCTION: 1 },
      byOperation: { ADD_CARD: 2, PATCH_CARD: 1 },
    });

    // kind=SKILL: operations, validity and staleness count skill cards only, while the kind facet still offers Function.
    const skill = await counts({ status: 'all', kind: 'SKILL' });
    expect(skill.counts).toMatchObject({
      total: 5,
      byKind: { SKILL: 5, FUNCTION: 1 },
      byOperation: { ADD_CARD: 2, PATCH_CARD: 2, MERGE_CARD: 1 },
      invalid: 1,
      valid: 4,
    });
    expect(skill.total).toBe(5);

    // stale=true: the other facets count the stale proposal alone; the staleness facet itself keeps both sides.
    const stale = await counts({ status: 'open', stale: 'true' });
    expect(stale.counts).toEqual({
      total: 1,
      stale: 1,
      current: 3,
      invalid: 0,
      valid: 1,
      byKind: { SKILL: 1 },
      byOperation: { PATCH_CARD: 1 },
    });

    // operation=ADD_CARD: the abilities left are those of the adds; a chosen ability stays listed even when the others exclude it.
    expect((await counts({ status: 'open', operation: 'ADD_CARD' })).abilities).toEqual(['calendar', 'mail']);
    const none = await counts({ status: 'open', kind: 'FUNCTION', ability: 'calendar' });
    expect(none.abilities).toEqual(['calendar']);
    expect(none.counts).toMatchObject({ total: 0, byKind: { SKILL: 1 }, byOperation: {} });
  });

  it('without filters the counts are the status scope, as before', async () => {
    const runId = await seedRun([
      { operation: 'ADD_CARD' },
      { operation: 'NARROW_TRIGGER', valid: false, status: 'INVALID' },
      { operation: 'PATCH_CARD', status: 'APPROVED' },
    ]);
    const reviewer = await createActor('REVIEWER');
    const open = await listProposals(reviewer, { runId });
    expect(open.total).toBe(2);
    expect(open.counts).toMatchObject({
      total: 2,
      invalid: 1,
      valid: 1,
      stale: 0,
      current: 2,
      byOperation: { ADD_CARD: 1, NARROW_TRIGGER: 1 },
    });
  });
});
