import type { FlipRow, GroupCounts, KindCounts, LoneTask, PairedAggregates } from './paired-aggregates';
import {
  mcnemarChiSquare,
  mcnemarExactP,
  pairedMeanDifferenceOfHistogram,
  passHatK,
  wilsonInterval,
} from './paired-statistics';

export type FlipCounts = KindCounts;

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

/** A flipped task: the two runs, and for B the cards it ran with (the SQL's row, models and checkpoints paired up). */
export type Flip = Omit<FlipRow, 'modelA' | 'modelB' | 'checkpointsA' | 'checkpointsB'> & {
  model: { a: string; b: string };
  checkpoints: { a: string; b: string };
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
    difference: ReturnType<typeof pairedMeanDifferenceOfHistogram>;
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
  pairing: {
    /** What a pair has in common beside the task and trial (model, agent when the arms run several of them). */
    key: ('task' | 'trial' | 'model' | 'agent')[];
    /** Runs of a task both arms have whose trial the other arm lacks (3 trials against 5: 2 unpaired). */
    unpairedTrials: { a: number; b: number };
    /**
     * Runs that share their pairing key with a later run of the same arm (a re-run of one trial): the
     * newest is paired, these are counted, so an arm mixing runs it should not is visible.
     */
    superseded: { a: number; b: number };
  };
};

const kindCounts = (g: GroupCounts): FlipCounts => ({
  bothPass: g.bothPass,
  bothFail: g.bothFail,
  fixed: g.fixed,
  broke: g.broke,
  pairs: g.pairs,
});

const mcnemar = (c: FlipCounts): Mcnemar => ({
  exactP: mcnemarExactP(c.fixed, c.broke),
  chiSquare: mcnemarChiSquare(c.fixed, c.broke),
});

function armRate(passed: number, n: number): ArmRate {
  return { passed, n, rate: n ? passed / n : null, interval: wilsonInterval(passed, n) };
}

// A passed in both-pass and broke pairs, B in both-pass and fixed ones.
const rates = (c: FlipCounts) => ({
  a: armRate(c.bothPass + c.broke, c.pairs),
  b: armRate(c.bothPass + c.fixed, c.pairs),
});

function breakdown(groups: GroupCounts[], dim: 'ability' | 'model'): BreakdownRow[] {
  return groups
    .filter((g) => g.dim === dim)
    .map((g) => {
      const counts = kindCounts(g);
      return { group: g.group, counts, mcnemar: mcnemar(counts), ...rates(counts) };
    })
    .sort((x, y) => (x.group ?? '~').localeCompare(y.group ?? '~'));
}

/** pass^k of one side from the tasks' (trials, passed) histogram: each task counted as often as it occurs. */
function sidePassHatK(histogram: PairedAggregates['trialHistogram'], side: 'passedA' | 'passedB') {
  return passHatK(
    histogram.flatMap((h) => Array.from({ length: h.tasks }, () => ({ passed: h[side], trials: h.trials }))),
  );
}

// One collator for the whole sort: localeCompare with options builds one per call, which dominated
// sorting thousands of flips. Same order as localeCompare(…, undefined, { numeric: true }).
export const numericOrder = new Intl.Collator(undefined, { numeric: true }).compare;

const checkpointText = ([passed, count]: [number, number]) => (count ? `${passed}/${count}` : '—');

function flips(rows: FlipRow[]): Flip[] {
  return rows
    .map((f) => ({
      kind: f.kind,
      taskId: f.taskId,
      taskExternalId: f.taskExternalId,
      benchmark: f.benchmark,
      ability: f.ability,
      trial: f.trial,
      model: { a: f.modelA, b: f.modelB },
      runA: f.runA,
      runB: f.runB,
      checkpoints: { a: checkpointText(f.checkpointsA), b: checkpointText(f.checkpointsB) },
      cardIdsB: f.cardIdsB,
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

/** Every paired figure of the report from the aggregates SQL computed (pure: the statistics are tested on their own). */
export function buildPairedFigures(agg: PairedAggregates): PairedFigures {
  const all = agg.groups.find((g) => g.dim === 'all');
  const counts: FlipCounts = all ? kindCounts(all) : { bothPass: 0, bothFail: 0, fixed: 0, broke: 0, pairs: 0 };
  const key: PairedFigures['pairing']['key'] = ['task', 'trial'];
  if (agg.dims.model) key.push('model');
  if (agg.dims.agent) key.push('agent');
  return {
    counts,
    mcnemar: mcnemar(counts),
    passRate: rates(counts),
    passHatK: { a: sidePassHatK(agg.trialHistogram, 'passedA'), b: sidePassHatK(agg.trialHistogram, 'passedB') },
    checkpointScore: {
      a: agg.checkpoint.a,
      b: agg.checkpoint.b,
      difference: pairedMeanDifferenceOfHistogram(agg.checkpoint.histogram),
    },
    events: agg.events,
    cost: agg.cost,
    tokens: agg.tokens,
    byAbility: breakdown(agg.groups, 'ability'),
    byModel: breakdown(agg.groups, 'model'),
    flips: flips(agg.flips),
    onlyA: agg.onlyA,
    onlyB: agg.onlyB,
    pairing: {
      key,
      unpairedTrials: agg.unpairedTrials,
      superseded: { a: agg.arms.a.runs - agg.arms.a.keys, b: agg.arms.b.runs - agg.arms.b.keys },
    },
  };
}
