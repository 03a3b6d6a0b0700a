import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { bankGrowth } from '@/lib/dashboard/bank-growth';
import { cardImpact, MIN_CHECKPOINTS, sortImpact } from '@/lib/dashboard/card-impact';
import { coverage } from '@/lib/dashboard/coverage';
import { curation } from '@/lib/dashboard/curation';
import { listDrillProposals, listProposals } from '@/lib/review/list-proposals';
import { listDrillTrajectories } from '@/lib/dashboard/list-trajectories';
import { loadDashboard } from '@/lib/dashboard/load-dashboard';
import { passRates } from '@/lib/dashboard/pass-rates';
import { reviewThroughput } from '@/lib/dashboard/review-throughput';
import { wilsonInterval } from '@/lib/dashboard/wilson';
import { createActor, createUser, seedTrajectory, uid } from '../../helpers/factories';

const bench = `dash-${uid()}`;
const K1 = `skill::skill_${uid()}`;
const at = (iso: string) => new Date(iso);

// The dataset: model, release (null = R0), ability, checkpoint outcomes, injected cards.
const SPEC = [
  { id: 't1', model: 'm1', release: null, ability: 'airline', cps: { c0: true, c1: false }, cards: [] },
  { id: 't2', model: 'm1', release: null, ability: 'airline', cps: { c0: true, c1: true }, cards: [] },
  { id: 't3', model: 'm1', release: 'rel-a', ability: 'airline', cps: { c0: true, c1: true }, cards: [K1] },
  { id: 't4', model: 'm1', release: 'rel-b', ability: 'retail', cps: { c0: false, c1: false }, cards: [K1] },
  { id: 't5', model: 'm2', release: null, ability: 'retail', cps: { c0: false, c1: true }, cards: [] },
  { id: 't6', model: 'm2', release: 'rel-a', ability: 'retail', cps: { c0: true, c1: true }, cards: [] },
  { id: 't7', model: 'm2', release: 'rel-x', ability: 'airline', cps: { c0: true, c1: false }, cards: [] },
] as const;
const ids: Record<string, { id: string; checkpoints: { id: string; checkpointId: string; passed: boolean }[] }> = {};

beforeAll(async () => {
  // rel-b is created before rel-a on purpose: rounds follow release dates, not names.
  await prisma.bankRelease.create({ data: { name: 'rel-b', note: 'second', createdAt: at('2026-02-01T00:00:00Z') } });
  await prisma.bankRelease.create({ data: { name: 'rel-a', note: 'first', createdAt: at('2026-01-01T00:00:00Z') } });
  for (const [i, s] of SPEC.entries()) {
    ids[s.id] = await seedTrajectory({
      benchmark: bench,
      taskExternalId: `${s.ability}/${i}`,
      ability: s.ability,
      model: s.model,
      checkpoints: { ...s.cps },
      memoryRelease: s.release,
      memoryCardIds: [...s.cards],
    });
  }
});

describe('pass rate by model, ability and round', () => {
  it('counts task and checkpoint pass rates per model and per ability', async () => {
    const r = await passRates({ benchmark: bench });
    expect(r.byModel).toEqual([
      {
        model: 'm1',
        agent: null,
        label: 'm1',
        trajectories: 4,
        tasksPassed: 2,
        taskPassRate: 0.5,
        checkpoints: 8,
        checkpointsPassed: 5,
        checkpointPassRate: 5 / 8,
      },
      {
        model: 'm2',
        agent: null,
        label: 'm2',
        trajectories: 3,
        tasksPassed: 1,
        taskPassRate: 1 / 3,
        checkpoints: 6,
        checkpointsPassed: 4,
        checkpointPassRate: 4 / 6,
      },
    ]);
    expect(
      r.byAbility.map((a) => [a.ability, a.trajectories, a.tasksPassed, a.checkpoints, a.checkpointsPassed]),
    ).toEqual([
      ['airline', 4, 2, 8, 6],
      ['retail', 3, 1, 6, 3],
    ]);
  });

  it('orders rounds by release date with R0 first and unknown releases last, with n per point', async () => {
    const r = await passRates({ benchmark: bench });
    expect(r.rounds.map((x) => x.round)).toEqual(['R0', 'R1 · rel-a', 'R2 · rel-b', 'R? · rel-x']);
    expect(r.rounds[1]).toMatchObject({ note: 'first', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(r.byRound.map((p) => [p.round, p.model, p.trajectories, p.checkpointsPassed, p.checkpoints])).toEqual([
      ['R0', 'm1', 2, 3, 4],
      ['R0', 'm2', 1, 1, 2],
      ['R1 · rel-a', 'm1', 1, 2, 2],
      ['R1 · rel-a', 'm2', 1, 2, 2],
      ['R2 · rel-b', 'm1', 1, 0, 2],
      ['R? · rel-x', 'm2', 1, 1, 2],
    ]);
  });

  it("gives each round its release's recipe for the chart's hover, and none for a release frozen without one", async () => {
    const recipe = {
      runs: 1,
      runKinds: ['TASK'],
      scopes: ['passed_only'],
      feedbackKinds: ['CHECKPOINT_BINARY'],
      providers: ['OFFLINE'],
      models: [],
      promptVersions: [],
      versionsWithoutRun: 0,
      skippedCards: [],
    };
    const b = `recipe-${uid()}`;
    const name = `rel-r-${uid()}`;
    await prisma.bankRelease.create({ data: { name, recipe } });
    await seedTrajectory({
      benchmark: b,
      taskExternalId: 'x/1',
      model: 'm1',
      checkpoints: { c0: true },
      memoryRelease: name,
    });
    await seedTrajectory({
      benchmark: b,
      taskExternalId: 'x/1',
      model: 'm1',
      checkpoints: { c0: true },
      memoryRelease: 'rel-b',
    });
    const r = await passRates({ benchmark: b });
    expect(r.rounds.find((x) => x.release === name)!.recipe).toEqual(recipe);
    expect(r.rounds.find((x) => x.release === 'rel-b')!.recipe).toBeNull();
  });

  it('applies the model, ability and date filters', async () => {
    expect((await passRates({ benchmark: bench, model: 'm2' })).byModel.map((m) => m.model)).toEqual(['m2']);
    expect(
      (await passRates({ benchmark: bench, ability: 'retail' })).byModel.map((m) => [m.model, m.trajectories]),
    ).toEqual([
      ['m1', 1],
      ['m2', 2],
    ]);
    expect((await passRates({ benchmark: bench, to: '2000-01-01' })).byModel).toEqual([]);
  });
});

describe('diagnosis coverage, curation, review and bank', () => {
  let annotator: { id: string };
  let holder: { id: string };
  let r1: { id: string; name: string };
  let r2: { id: string };
  beforeAll(async () => {
    annotator = await createUser('ANNOTATOR');
    holder = await createUser('ANNOTATOR');
    r1 = await createUser('REVIEWER');
    r2 = await createUser('REVIEWER');
    const failedOf = (t: string, key: number) => ids[t].checkpoints.filter((c) => !c.passed)[key];
    for (const [t, status] of [
      ['t4', 'SUBMITTED'],
      ['t1', 'DRAFT'],
    ] as const) {
      await prisma.diagnosis.create({
        data: {
          trajectoryId: ids[t].id,
          checkpointResultId: failedOf(t, 0).id,
          authorId: annotator.id,
          status,
          submittedAt: status === 'SUBMITTED' ? new Date() : null,
        },
      });
    }
    await prisma.queueClaim.create({
      data: { trajectoryId: ids.t5.id, userId: holder.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });

    const week1 = at('2026-03-02T00:00:00Z');
    const add = await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability: 'airline',
        operation: 'ADD_CARD',
        reason: 'r',
        status: 'APPROVED',
        createdAt: week1,
      },
    });
    const patch = await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability: 'airline',
        operation: 'PATCH_CARD',
        reason: 'r',
        status: 'REJECTED',
        createdAt: week1,
        validation: [
          { rule: 'privacy', path: 'content', message: 'e-mail' },
          { rule: 'schema', path: 'title', message: 'too long' },
        ],
      },
    });
    const noop = await prisma.proposal.create({
      data: {
        cardKind: 'FUNCTION',
        operation: 'NOOP',
        reason: 'r',
        status: 'APPROVED',
        createdAt: at('2026-03-09T00:00:00Z'),
        validation: [{ rule: 'privacy', path: 'x', message: 'phone' }],
      },
    });
    const hours = (d: Date, h: number) => new Date(d.getTime() + h * 3_600_000);
    await prisma.review.create({
      data: { proposalId: add.id, reviewerId: r1.id, decision: 'APPROVED', createdAt: hours(add.createdAt, 2) },
    });
    await prisma.review.create({
      data: { proposalId: patch.id, reviewerId: r1.id, decision: 'REJECTED', createdAt: hours(patch.createdAt, 4) },
    });
    await prisma.review.create({
      data: {
        proposalId: noop.id,
        reviewerId: r2.id,
        decision: 'EDITED_APPROVED',
        createdAt: hours(noop.createdAt, 10),
      },
    });

    // Card C1: 1 KB content in week 1, 2 KB from week 2; function card C2 from week 2. A pending proposal based on v1 is stale.
    const c1 = await prisma.card.create({
      data: {
        key: K1,
        kind: 'SKILL',
        ability: 'airline',
        title: 'Check the fare rules',
        createdAt: at('2026-03-03T00:00:00Z'),
      },
    });
    const v1 = await prisma.cardVersion.create({
      data: { cardId: c1.id, number: 1, content: { t: 'x'.repeat(1016) }, createdAt: at('2026-03-03T00:00:00Z') },
    });
    const v2 = await prisma.cardVersion.create({
      data: { cardId: c1.id, number: 2, content: { t: 'x'.repeat(2040) }, createdAt: at('2026-03-10T00:00:00Z') },
    });
    await prisma.card.update({ where: { id: c1.id }, data: { currentVersionId: v2.id } });
    const c2 = await prisma.card.create({
      data: { key: `function::Flights.book_${uid()}`, kind: 'FUNCTION', title: 'book' },
    });
    await prisma.cardVersion.create({
      data: { cardId: c2.id, number: 1, content: { t: 'y'.repeat(504) }, createdAt: at('2026-03-11T00:00:00Z') },
    });
    await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability: 'airline',
        operation: 'PATCH_CARD',
        reason: 'r',
        createdAt: at('2026-04-01T00:00:00Z'),
        targets: { create: { cardId: c1.id, baseVersionId: v1.id, primary: true } },
      },
    });
  });

  it('counts failed checkpoints diagnosed by ability, per annotator and per week', async () => {
    const c = await coverage({ benchmark: bench });
    expect(c.total).toEqual({ failed: 5, diagnosed: 1, coverage: 0.2 });
    expect(c.byAbility).toEqual([
      { ability: 'airline', failed: 2, diagnosed: 0, coverage: 0 },
      { ability: 'retail', failed: 3, diagnosed: 1, coverage: 1 / 3 },
    ]);
    expect(c.byAnnotator.find((a) => a.userId === annotator.id)).toMatchObject({ submitted: 1, drafts: 1, claimed: 0 });
    expect(c.byAnnotator.find((a) => a.userId === holder.id)).toMatchObject({ submitted: 0, drafts: 0, claimed: 1 });
    // Unfiltered, the diagnoses are counted without joining trajectories: the same counts for this annotator.
    expect((await coverage({})).byAnnotator.find((a) => a.userId === annotator.id)).toMatchObject({
      submitted: 1,
      drafts: 1,
    });
    expect(c.overTime.at(-1)).toMatchObject({ cumulativeFailed: 5, cumulativeDiagnosed: 1 });
  });

  it('gives the curator operation mix per week and per bank, and validation failures by rule', async () => {
    const c = await curation({ to: '2026-03-31' });
    expect(c.perWeek).toEqual([
      { week: '2026-03-02', total: 2, ADD_CARD: 1, PATCH_CARD: 1, MERGE_CARD: 0, NARROW_TRIGGER: 0, NOOP: 0 },
      { week: '2026-03-09', total: 1, ADD_CARD: 0, PATCH_CARD: 0, MERGE_CARD: 0, NARROW_TRIGGER: 0, NOOP: 1 },
    ]);
    expect(c.perBank.map((b) => [b.bank, b.total, b.ADD_CARD, b.PATCH_CARD, b.NOOP])).toEqual([
      ['airline', 2, 1, 1, 0],
      ['function', 1, 0, 0, 1],
    ]);
    expect(c.validationByRule).toEqual([
      { rule: 'privacy', count: 2 },
      { rule: 'schema', count: 1 },
    ]);
  });

  it('counts review decisions with the median time to decision, per reviewer, and the stale pending proposals', async () => {
    const r = await reviewThroughput({});
    expect(r.overall).toEqual({ approved: 1, edited: 1, rejected: 1, total: 3, medianHours: 4, pending: 1, stale: 1 });
    expect(r.perReviewer).toEqual([
      { reviewerId: r1.id, name: r1.name, approved: 1, edited: 0, rejected: 1, total: 2, medianHours: 3 },
      expect.objectContaining({ reviewerId: r2.id, edited: 1, total: 1, medianHours: 10 }),
    ]);
  });

  it('tracks cards per bank and store size in KB week by week', async () => {
    const b = await bankGrowth({});
    const byWeek = (w: string) => b.points.filter((p) => p.week === w).map((p) => [p.bank, p.cards, p.kb]);
    const kb = (chars: number) => Math.round(((chars + 8) / 1024) * 10) / 10; // {"t": "…"} adds 8 bytes
    expect(byWeek('2026-03-02')).toEqual([['airline', 1, kb(1016)]]);
    expect(byWeek('2026-03-09')).toEqual([
      ['airline', 1, kb(2040)],
      ['function', 1, kb(504)],
    ]);
    expect(b.current).toEqual([
      { bank: 'airline', cards: 1, kb: kb(2040) },
      { bank: 'function', cards: 1, kb: kb(504) },
    ]);
  });

  it('lists the proposals behind a curation point and the trajectories behind a round point', async () => {
    const actor = await createActor('ANNOTATOR');
    const rule = await listDrillProposals(actor, { rule: 'privacy' });
    expect(rule.items.map((p) => p.operation).sort()).toEqual(['NOOP', 'PATCH_CARD']);
    expect((await listDrillProposals(actor, { week: '2026-03-02', operation: 'ADD_CARD' })).total).toBe(1);
    expect(
      (await listDrillProposals(actor, { reviewerId: r1.id, decision: 'REJECTED' })).items.map((p) => p.operation),
    ).toEqual(['PATCH_CARD']);
    const round = await listDrillTrajectories(actor, { benchmark: bench, release: 'R0', model: 'm1' });
    expect(round.items.map((t) => t.id).sort()).toEqual([ids.t1.id, ids.t2.id].sort());
    expect((await listDrillTrajectories(actor, { benchmark: bench, card: K1 })).total).toBe(2);
  });

  it('lists a curation point through the one proposal list: rules, decisions, the dates the chart counts, the inbox filters', async () => {
    const actor = await createActor('ANNOTATOR');
    expect((await listDrillProposals(actor, { rule: 'schema' })).items).toEqual([
      expect.objectContaining({
        operation: 'PATCH_CARD',
        status: 'REJECTED',
        rules: ['privacy', 'schema'],
        decisions: [{ decision: 'REJECTED', reviewer: r1.name, at: '2026-03-02T04:00:00.000Z' }],
      }),
    ]);
    // The curation chart counts proposals made within the dates: the list behind a bar keeps to them.
    const dated = await listDrillProposals(actor, { rule: 'privacy', from: '2026-03-09', to: '2026-03-31' });
    expect(dated.items.map((p) => p.operation)).toEqual(['NOOP']);
    // The review inbox takes the same filters; annotators read the dashboard's view of it only.
    const reviewer = await createActor('REVIEWER');
    const bank = await listProposals(reviewer, { status: 'all', bank: 'function', decision: 'EDITED_APPROVED' });
    expect(bank.items.map((p) => p.operation)).toEqual(['NOOP']);
    await expect(listProposals(actor, { bank: 'function' })).rejects.toThrow();
  });

  it('loads everything for a reader and refuses a bad date naming the field', async () => {
    const d = await loadDashboard(await createActor('ANNOTATOR'), { benchmark: bench });
    expect(d.trajectoryCount).toBe(7);
    await expect(loadDashboard(await createActor('ANNOTATOR'), { from: '03/02/2026' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['from'], message: 'Expected a date as YYYY-MM-DD' })],
    });
  });
});

describe('card impact', () => {
  const b2 = `impact-${uid()}`;
  const K2 = `skill::skill_${uid()}`;
  beforeAll(async () => {
    const seed = (model: string, ability: string, cards: string[], cps: Record<string, boolean>, i: number) =>
      seedTrajectory({
        benchmark: b2,
        taskExternalId: `${ability}/${i}`,
        ability,
        model,
        memoryRelease: 'rel-a',
        memoryCardIds: cards,
        checkpoints: cps,
      });
    for (let i = 0; i < 12; i++) {
      // Injected: 10 of 12 pass both checkpoints (20/24); comparison: every one passes exactly one (12/24).
      await seed('m1', 'shop', [K2, 'skill::other'], i < 10 ? { c0: true, c1: true } : { c0: false, c1: false }, i);
      await seed('m1', 'shop', ['skill::other'], { c0: true, c1: false }, i);
      // Other models and abilities without the card are not the comparison.
      await seed('m3', 'shop', [], { c0: false, c1: false }, i);
      await seed('m1', 'travel', [], { c0: false, c1: false }, i);
    }
    await seed('m1', 'shop', [K2], { c0: true, c1: true }, 99).then((t) =>
      prisma.trajectory.update({ where: { id: t.id }, data: { memoryRelease: 'rel-b' } }),
    );
  });

  it('compares injected trajectories with same-ability, same-model ones without the card, per release, with a Wilson interval', async () => {
    const rows = await cardImpact({ benchmark: b2 }, { cardKeys: [K2] });
    const a = rows.find((r) => r.release === 'rel-a')!;
    expect(a.injected).toEqual({
      trajectories: 12,
      checkpoints: 24,
      passed: 20,
      rate: 20 / 24,
      interval: wilsonInterval(20, 24),
    });
    expect(a.comparison).toEqual({
      trajectories: 12,
      checkpoints: 24,
      passed: 12,
      rate: 0.5,
      interval: wilsonInterval(12, 24),
    });
    expect(a.delta).toBeCloseTo(20 / 24 - 0.5, 10);
    expect(a.enoughData).toBe(true);
  });

  it(`says "not enough data" below ${MIN_CHECKPOINTS} checkpoint results on either side`, async () => {
    const rows = await cardImpact({ benchmark: b2 }, { cardKeys: [K2] });
    const b = rows.find((r) => r.release === 'rel-b')!;
    expect(b).toMatchObject({
      enoughData: false,
      delta: null,
      injected: { checkpoints: 2 },
      comparison: { checkpoints: 0 },
    });
  });

  it('sorts cards most helpful or most harmful first, rows without enough data last', async () => {
    const rows = await cardImpact({ benchmark: b2 });
    const other = rows.find((r) => r.cardKey === 'skill::other' && r.release === 'rel-a')!;
    expect(other.comparison.checkpoints).toBe(0);
    const k2 = rows.find((r) => r.cardKey === K2 && r.release === 'rel-a')!;
    expect(sortImpact(rows, 'helpful')[0]).toBe(k2);
    expect(sortImpact(rows, 'harmful').at(-1)!.delta).toBeNull();
  });
});
