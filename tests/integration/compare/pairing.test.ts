import { beforeAll, describe, expect, it } from 'vitest';
import { compareArms } from '@/lib/compare/compare-arms';
import { createFunctionCard, createSkillCard } from '../../helpers/bank-factories';
import { seedArmRuns } from '../../helpers/compare-arms';
import { createActor, uid } from '../../helpers/factories';

const bench = `cmp-${uid()}`;
const PASS = { c0: true, c1: true };
const HALF = { c0: true, c1: false };
const FAIL = { c0: false, c1: false };
let ids: string[] = [];
let skillKey = '';
let fnKey = '';

beforeAll(async () => {
  skillKey = (await createSkillCard({ ability: 'airline' })).card.key;
  fnKey = (await createFunctionCard('Airline.cancel_reservation')).card.key;
  ids = await seedArmRuns(bench, [
    // t1: trial 0 passes before and fails after (a regression), with a skill card and a function card
    // whose function the run called at event 1, before the failed checkpoint at event 2; trial 1 passes in both.
    { task: 't1', trial: 0, release: null, cps: PASS },
    {
      task: 't1',
      trial: 0,
      release: 'rel-b',
      cps: HALF,
      cards: [skillKey, fnKey, 'skill::gone'],
      events: [{ content: 'hi' }, { tool: 'Airline.cancel_reservation' }, { content: 'done' }],
      failedAt: 2,
    },
    { task: 't1', trial: 1, release: null, cps: PASS },
    { task: 't1', trial: 1, release: 'rel-b', cps: PASS },
    // t2: trial 0 is fixed after; B ran it twice and the newer (passing) run is the one paired. Trial 1 fails in both.
    { task: 't2', trial: 0, release: null, cps: HALF },
    { task: 't2', trial: 0, release: 'rel-b', cps: FAIL },
    { task: 't2', trial: 0, release: 'rel-b', cps: PASS },
    { task: 't2', trial: 1, release: null, cps: FAIL },
    { task: 't2', trial: 1, release: 'rel-b', cps: FAIL },
    // t3 only before, t4 only after.
    { task: 't3', trial: 0, release: null, cps: PASS },
    { task: 't4', trial: 0, release: 'rel-b', cps: PASS },
    // t5: A ran three trials, B one: two runs of A have no partner.
    { task: 't5', trial: 0, release: null, cps: PASS, ability: 'retail' },
    { task: 't5', trial: 1, release: null, cps: PASS, ability: 'retail' },
    { task: 't5', trial: 2, release: null, cps: FAIL, ability: 'retail' },
    { task: 't5', trial: 0, release: 'rel-b', cps: PASS, ability: 'retail' },
    // A second model in both arms: model joins the pairing key, so m2 pairs with m2 only. A trial of null is trial 0.
    { task: 't1', trial: null, model: 'm2', release: null, cps: PASS },
    { task: 't1', trial: 0, model: 'm2', release: 'rel-b', cps: PASS },
  ]);
});

describe('pairing two arms by task and trial', () => {
  it('counts both-pass, both-fail and the two flips over the pairs, with McNemar on the discordant ones', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench });
    // Pairs by hand: t1/0/m1 broke, t1/1/m1 both pass, t2/0/m1 fixed (newest B run), t2/1/m1 both fail,
    // t5/0/m1 both pass, t1/0/m2 both pass.
    expect(r.counts).toEqual({ pairs: 6, bothPass: 3, bothFail: 1, fixed: 1, broke: 1 });
    expect(r.pairing.key).toEqual(['task', 'trial', 'model']);
    // 1 vs 1 discordant: 2 · P(X ≤ 1), X ~ Bin(2, ½) = 2 · 3/4 → 1; χ² 0 both ways.
    expect(r.mcnemar.exactP).toBe(1);
    expect(r.mcnemar.chiSquare).toMatchObject({ uncorrected: 0, corrected: 0 });
    // Pass rates over the 6 pairs: A passed t1/0, t1/1, t5/0, t1/m2 = 4; B passed t1/1, t2/0, t5/0, t1/m2 = 4.
    expect([r.passRate.a.passed, r.passRate.a.n, r.passRate.b.passed]).toEqual([4, 6, 4]);
  });

  it('lists tasks of one arm only, runs without a partner trial, and superseded re-runs apart', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench });
    expect(r.onlyA.map((t) => [t.taskExternalId, t.runs])).toEqual([['t3', 1]]);
    expect(r.onlyB.map((t) => [t.taskExternalId, t.runs])).toEqual([['t4', 1]]);
    expect(r.pairing.unpairedTrials).toEqual({ a: 2, b: 0 });
    expect(r.pairing.superseded).toEqual({ a: 0, b: 1 });
    expect([r.arms.a.runs, r.arms.a.tasks, r.arms.b.runs, r.arms.b.tasks]).toEqual([9, 4, 8, 4]);
  });

  it('puts regressions first, with the later run, its failed checkpoint and when each injected card was rendered', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench });
    expect(r.flips.map((f) => [f.kind, f.taskExternalId, f.runA, f.runB])).toEqual([
      ['broke', 't1', ids[0], ids[1]],
      ['fixed', 't2', ids[4], ids[6]],
    ]);
    const [reg] = r.regressions;
    expect(reg.runB).toBe(ids[1]);
    expect(reg.failedCheckpoint).toMatchObject({ key: 'c1', eventIndex: 2 });
    expect(reg.cards.map((c) => [c.ref, c.timing])).toEqual([
      [skillKey, { kind: 'task-start' }],
      [fnKey, { kind: 'pre-tool', firstCallAt: 1 }],
      // A card id this console does not hold: named, timing unknown.
      ['skill::gone', { kind: 'unknown' }],
    ]);
  });

  it('gives pass^k per arm, partial credit with a paired difference, and breakdowns by ability and model', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench });
    // Paired trials per (task, model): t1/m1 2, t2/m1 2, t5/m1 1, t1/m2 1 → only pass^1 (the fewest trials is 1).
    // A: (2/2 + 0/2 + 1 + 1) / 4 = 0.75; B: (1/2 + 1/2 + 1 + 1) / 4 = 0.75.
    expect(r.passHatK.a).toEqual([{ k: 1, value: 0.75 }]);
    expect(r.passHatK.b).toEqual([{ k: 1, value: 0.75 }]);
    // Checkpoint shares in pair order — A: 1, 1, .5, 0, 1, 1 (mean 4.5/6 = .75); B: .5, 1, 1, 0, 1, 1 (mean .75).
    expect(r.checkpointScore.a).toBeCloseTo(0.75, 12);
    expect(r.checkpointScore.b).toBeCloseTo(0.75, 12);
    expect(r.checkpointScore.difference?.mean).toBeCloseTo(0, 12);
    expect(r.byAbility.map((g) => [g.group, g.counts.pairs, g.counts.broke, g.counts.fixed])).toEqual([
      ['airline', 5, 1, 1],
      ['retail', 1, 0, 0],
    ]);
    expect(r.byModel.map((g) => [g.group, g.counts.pairs])).toEqual([
      ['m1', 5],
      ['m2', 1],
    ]);
  });

  it('pairs two models by task and trial when the arms are told apart by model', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), {
      a: 'release=R0,model=m1',
      b: 'release=R0,model=m2',
      benchmark: bench,
    });
    // m2 ran t1 once without memory (trial null = 0): it pairs with m1's t1 trial 0; both passed.
    expect(r.pairing.key).toEqual(['task', 'trial']);
    expect(r.counts).toEqual({ pairs: 1, bothPass: 1, bothFail: 0, fixed: 0, broke: 0 });
    expect(r.byModel.map((g) => g.group)).toEqual(['m1 → m2']);
  });

  it('narrows to one task of the scope by its benchmark id', async () => {
    const r = await compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', benchmark: bench, task: 't2' });
    expect(r.task?.externalId).toBe('t2');
    expect(r.counts).toMatchObject({ pairs: 2, fixed: 1 });
    expect(r.onlyA).toEqual([]);
  });
});

describe('bad arms and scopes are refused, naming what is wrong', () => {
  it.each([
    [{ a: 'R0', b: 'R0' }, 'same runs'],
    [{ a: 'R0', b: 'modle=x' }, 'Arm b: "modle=x" is not one of'],
    [{ a: 'model=', b: 'R0' }, 'Arm a: "model=" has no value'],
    [{ a: ' ', b: 'R0' }, 'Arm a is empty'],
    [{ a: 'R0', b: 'rel-b', task: 'nope', benchmark: bench }, 'No task "nope"'],
  ])('%j', async (input, message) => {
    await expect(compareArms(await createActor('RESEARCHER'), input)).rejects.toThrow(message);
  });

  it('refuses a query field it does not know instead of ignoring it', async () => {
    await expect(
      compareArms(await createActor('RESEARCHER'), { a: 'R0', b: 'rel-b', abilty: 'airline' }),
    ).rejects.toThrow();
  });

  it('is not for annotators', async () => {
    await expect(compareArms(await createActor('ANNOTATOR'), { a: 'R0', b: 'rel-b' })).rejects.toThrow(
      /needs compare:read/,
    );
  });
});
