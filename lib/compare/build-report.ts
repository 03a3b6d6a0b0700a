import type { ArmRun } from './load-arm-runs';
import type { LoneTask, Pairing, PairKind, RunPair } from './pair-runs';
import { mcnemarChiSquare, mcnemarExactP, pairedMeanDifference, passHatK, wilsonInterval } from './paired-statistics';

export type FlipCounts = Record<PairKind, number> & { pairs: number };

export type Mcnemar = {
  /** Two-sided exact binomial p on the discordant pairs (fixed against broke); null without any. */
  exactP: number | null;
  chiSquare: ReturnType<typeof mcnemarChiSquare>;
};

export type ArmRate = {
  passed: number;
  n: number;
  rate: number | null;
  interval: { low: number; high: number } | null;
};

/** One group of a breakdown (an ability, a model): its flips, test and pass rates. */
export type BreakdownRow = { group: string | null; counts: FlipCounts; mcnemar: Mcnemar; a: ArmRate; b: ArmRate };

/** A flipped task: the two runs, and for B the cards it ran with. */
export type Flip = {
  kind: 'fixed' | 'broke';
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  ability: string | null;
  trial: number | null;
  model: { a: string; b: string };
  runA: string;
  runB: string;
  checkpoints: { a: string; b: string };
  cardIdsB: string[];
};

export type MeanFigure = { a: number | null; b: number | null; nA: number; nB: number };

export type PairedFigures = {
  counts: FlipCounts;
  mcnemar: Mcnemar;
  passRate: { a: ArmRate; b: ArmRate };
  passHatK: { a: { k: number; value: number }[]; b: { k: number; value: number }[] };
  /** Mean share of checkpoints passed per run (partial credit), over pairs where both runs have checkpoints. */
  checkpointScore: {
    a: number | null;
    b: number | null;
    difference: ReturnType<typeof pairedMeanDifference>;
  };
  /** Events per run (every source), and cost / tokens where the runs recorded them. */
  events: MeanFigure;
  cost: MeanFigure;
  tokens: MeanFigure;
  byAbility: BreakdownRow[];
  byModel: BreakdownRow[];
  /** pass→fail first, then fail→pass; by benchmark and task within each. */
  flips: Flip[];
  onlyA: LoneTask[];
  onlyB: LoneTask[];
  pairing: Pick<Pairing, 'key' | 'unpairedTrials' | 'superseded'>;
};

function countPairs(pairs: RunPair[]): FlipCounts {
  const c: FlipCounts = { bothPass: 0, bothFail: 0, fixed: 0, broke: 0, pairs: pairs.length };
  for (const p of pairs) c[p.kind]++;
  return c;
}

const mcnemar = (c: FlipCounts): Mcnemar => ({
  exactP: mcnemarExactP(c.fixed, c.broke),
  chiSquare: mcnemarChiSquare(c.fixed, c.broke),
});

function armRate(passed: number, n: number): ArmRate {
  return { passed, n, rate: n ? passed / n : null, interval: wilsonInterval(passed, n) };
}

function rates(pairs: RunPair[]): { a: ArmRate; b: ArmRate } {
  const n = pairs.length;
  return {
    a: armRate(pairs.filter((p) => p.a.passed).length, n),
    b: armRate(pairs.filter((p) => p.b.passed).length, n),
  };
}

function mean(values: (number | null)[]): { value: number | null; n: number } {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return { value: present.length ? present.reduce((s, v) => s + v, 0) / present.length : null, n: present.length };
}

function meanFigure(pairs: RunPair[], f: (r: ArmRun) => number | null): MeanFigure {
  const a = mean(pairs.map((p) => f(p.a)));
  const b = mean(pairs.map((p) => f(p.b)));
  return { a: a.value, b: b.value, nA: a.n, nB: b.n };
}

const checkpointShare = (r: ArmRun): number | null =>
  r.checkpointCount > 0 ? r.checkpointsPassed / r.checkpointCount : null;

/** pass^k of one side: the paired runs grouped by their key without the trial (task, and model / agent when keyed). */
function sidePassHatK(pairs: RunPair[], side: 'a' | 'b') {
  const byTask = new Map<string, { passed: number; trials: number }>();
  for (const p of pairs) {
    const [task, , model, agent] = JSON.parse(p.key) as [string, number, string, string];
    const k = JSON.stringify([task, model, agent]);
    const t = byTask.get(k) ?? { passed: 0, trials: 0 };
    t.trials++;
    if (p[side].passed) t.passed++;
    byTask.set(k, t);
  }
  return passHatK([...byTask.values()]);
}

function breakdown(pairs: RunPair[], groupOf: (p: RunPair) => string | null): BreakdownRow[] {
  const groups = new Map<string | null, RunPair[]>();
  for (const p of pairs) {
    const g = groupOf(p);
    const members = groups.get(g);
    if (members) members.push(p);
    else groups.set(g, [p]);
  }
  return [...groups.entries()]
    .map(([group, ps]) => {
      const counts = countPairs(ps);
      return { group, counts, mcnemar: mcnemar(counts), ...rates(ps) };
    })
    .sort((x, y) => (x.group ?? '~').localeCompare(y.group ?? '~'));
}

// One collator for the whole sort: localeCompare with options builds one per call, which dominated
// sorting thousands of flips. Same order as localeCompare(…, undefined, { numeric: true }).
export const numericOrder = new Intl.Collator(undefined, { numeric: true }).compare;

const checkpointText = (r: ArmRun) => (r.checkpointCount ? `${r.checkpointsPassed}/${r.checkpointCount}` : '—');

function flips(pairs: RunPair[]): Flip[] {
  return pairs
    .filter((p): p is RunPair & { kind: 'fixed' | 'broke' } => p.kind === 'fixed' || p.kind === 'broke')
    .map((p) => ({
      kind: p.kind,
      taskId: p.a.taskId,
      taskExternalId: p.a.taskExternalId,
      benchmark: p.a.benchmark,
      ability: p.a.ability,
      trial: p.a.trial,
      model: { a: p.a.model, b: p.b.model },
      runA: p.a.id,
      runB: p.b.id,
      checkpoints: { a: checkpointText(p.a), b: checkpointText(p.b) },
      cardIdsB: p.b.cardIds,
    }))
    .sort(
      (x, y) =>
        Number(x.kind === 'fixed') - Number(y.kind === 'fixed') ||
        x.benchmark.localeCompare(y.benchmark) ||
        numericOrder(x.taskExternalId, y.taskExternalId) ||
        (x.trial ?? 0) - (y.trial ?? 0) ||
        x.model.a.localeCompare(y.model.a),
    );
}

/** Every paired figure of the report from a pairing (pure: the statistics are tested on their own). */
export function buildPairedFigures(pairing: Pairing): PairedFigures {
  const { pairs } = pairing;
  const counts = countPairs(pairs);
  const scored = pairs.filter((p) => p.a.checkpointCount > 0 && p.b.checkpointCount > 0);
  const modelOf = (p: RunPair) => (p.a.model === p.b.model ? p.a.model : `${p.a.model} → ${p.b.model}`);
  return {
    counts,
    mcnemar: mcnemar(counts),
    passRate: rates(pairs),
    passHatK: { a: sidePassHatK(pairs, 'a'), b: sidePassHatK(pairs, 'b') },
    checkpointScore: {
      a: mean(scored.map((p) => checkpointShare(p.a))).value,
      b: mean(scored.map((p) => checkpointShare(p.b))).value,
      difference: pairedMeanDifference(scored.map((p) => checkpointShare(p.b)! - checkpointShare(p.a)!)),
    },
    events: meanFigure(pairs, (r) => r.eventCount),
    cost: meanFigure(pairs, (r) => r.cost),
    tokens: meanFigure(pairs, (r) => r.tokens),
    byAbility: breakdown(pairs, (p) => p.a.ability),
    byModel: breakdown(pairs, modelOf),
    flips: flips(pairs),
    onlyA: pairing.onlyA,
    onlyB: pairing.onlyB,
    pairing: { key: pairing.key, unpairedTrials: pairing.unpairedTrials, superseded: pairing.superseded },
  };
}
