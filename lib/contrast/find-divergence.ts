/**
 * Where do passing and failing runs part ways? Works on an alignment
 * (align-tool-calls.ts): the first aligned step where every passing run does
 * the same thing (the same call, or all skip it) and a failing run does
 * something else (another call, other key arguments, or nothing).
 * Without both passing and failing runs there is nothing to contrast, so the
 * first step where the runs disagree at all is reported instead.
 */
import type { Alignment, AlignedRow } from './align-tool-calls';

export type DivergenceMode = 'pass-vs-fail' | 'all-failed' | 'all-passed' | 'single' | 'empty';

export type Divergence = {
  mode: DivergenceMode;
  /** Aligned row index to highlight, or null when the runs never differ. */
  row: number | null;
  /** Ids of the runs that differ at `row` (failing runs in pass-vs-fail mode; the minority otherwise). */
  differing: string[];
  /** pass-vs-fail mode: each failing run's own first departure from the passing runs (null = none). */
  perRun: Record<string, number | null>;
  /** pass-vs-fail mode: every row where a failing run departs from agreeing passing runs. */
  departures: Record<string, number[]>;
  /** One sentence for the UI. */
  message: string;
};

const GAP = '\u0000gap';
const keyAt = (row: AlignedRow, i: number) => row[i]?.key ?? GAP;

/** The run indexes whose key differs from the row's most common key (ties: the first seen wins). */
function minority(row: AlignedRow, members: number[]): number[] {
  const counts = new Map<string, number>();
  for (const i of members) counts.set(keyAt(row, i), (counts.get(keyAt(row, i)) ?? 0) + 1);
  let major = '';
  let best = -1;
  for (const [k, c] of counts) if (c > best) ((major = k), (best = c));
  return members.filter((i) => keyAt(row, i) !== major);
}

function firstDisagreement(alignment: Alignment, all: number[], label: string): Divergence {
  const { ids, rows } = alignment;
  for (let r = 0; r < rows.length; r++) {
    const differ = minority(rows[r], all);
    if (differ.length) {
      return {
        mode: label === 'failed' ? 'all-failed' : 'all-passed',
        row: r,
        differing: differ.map((i) => ids[i]),
        perRun: {},
        departures: {},
        message: `Every run ${label}: there is no ${label === 'failed' ? 'passing' : 'failing'} run to contrast with. Highlighted: the first step where the runs disagree (step ${r + 1}).`,
      };
    }
  }
  return noDivergence(
    label === 'failed' ? 'all-failed' : 'all-passed',
    `Every run ${label}, and all runs made the same tool calls.`,
  );
}

/** Nothing to highlight: too few runs, or runs that never differ. */
const noDivergence = (mode: DivergenceMode, message: string): Divergence => ({
  mode,
  row: null,
  differing: [],
  perRun: {},
  departures: {},
  message,
});

export function findDivergence(alignment: Alignment, passedById: Record<string, boolean>): Divergence {
  const { ids, rows } = alignment;
  if (ids.length === 0) return noDivergence('empty', 'This task has no trajectories yet.');
  if (ids.length === 1) return noDivergence('single', 'Only one trajectory: nothing to compare it with.');

  const all = ids.map((_, i) => i);
  const passing = all.filter((i) => passedById[ids[i]] === true);
  const failing = all.filter((i) => passedById[ids[i]] !== true);
  if (!passing.length) return firstDisagreement(alignment, all, 'failed');
  if (!failing.length) return firstDisagreement(alignment, all, 'passed');

  const perRun: Record<string, number | null> = Object.fromEntries(failing.map((i) => [ids[i], null]));
  const departures: Record<string, number[]> = Object.fromEntries(failing.map((i) => [ids[i], []]));
  let first: number | null = null;
  let differing: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    const consensus = keyAt(rows[r], passing[0]);
    // Steps where the passing runs themselves disagree say nothing about the failure.
    if (passing.some((i) => keyAt(rows[r], i) !== consensus)) continue;
    const off = failing.filter((i) => keyAt(rows[r], i) !== consensus);
    for (const i of off) {
      if (perRun[ids[i]] === null) perRun[ids[i]] = r;
      departures[ids[i]].push(r);
    }
    if (off.length && first === null) {
      first = r;
      differing = off.map((i) => ids[i]);
    }
  }
  if (first === null) {
    return {
      mode: 'pass-vs-fail',
      row: null,
      differing: [],
      perRun,
      departures,
      message:
        'Passing and failing runs made the same tool calls: the failure is not in the tool-call sequence (see the checkpoints and messages).',
    };
  }
  const n = differing.length;
  return {
    mode: 'pass-vs-fail',
    row: first,
    differing,
    perRun,
    departures,
    message: `First divergence at step ${first + 1}: the passing runs agree, ${n === 1 ? '1 failing run differs' : `${n} failing runs differ`}.`,
  };
}
