/**
 * Multiple sequence alignment of several trajectories' tool-call sequences.
 *
 * Progressive alignment: the first sequence is the initial profile; every
 * further sequence is aligned against the growing profile with
 * Needleman–Wunsch (global, linear gap penalty) and merged into it. Passing
 * runs are added first, so the profile is anchored on what worked and a
 * failing run's detour shows up as gaps or substitutions against it.
 *
 * Scoring (sum of pairs, averaged over the profile's members): identical key
 * +2, same tool with different key arguments between +1 and +2 (partial
 * match), different tools −1, a step against a gap −1, gap against gap 0. So
 * skipping a column only a few members filled is cheap, and a step is not
 * pulled into another run's detour just because that column is mostly empty.
 */
import { stepKey, stepSimilarity, type ToolStep } from './tool-step';

/** Per-trajectory cap: beyond it the view says so instead of freezing the page. */
export const MAX_ALIGNED_STEPS = 500;

export const SCORES = { match: 2, mismatch: -1, gap: -1 } as const;

export type AlignmentSequence = { id: string; passed?: boolean; steps: ToolStep[] };
/** A step in an aligned row: the tool call and its index within its own sequence. */
export type AlignedCell = { step: ToolStep; index: number; key: string };
/** One aligned step: a cell per input sequence (same order as the input), null = gap. */
export type AlignedRow = (AlignedCell | null)[];
export type Alignment = {
  ids: string[];
  rows: AlignedRow[];
  /** Sequences cut to `maxSteps`: how many steps were kept of how many. */
  truncated: { id: string; kept: number; total: number }[];
};

type Column = { cells: AlignedRow; groups: { key: string; step: ToolStep; count: number }[]; filled: number };

function makeScorer() {
  const cache = new Map<string, number>();
  return (a: { key: string; step: ToolStep }, b: { key: string; step: ToolStep }) => {
    if (a.key === b.key) return SCORES.match;
    const k = a.key < b.key ? `${a.key}\u0000${b.key}` : `${b.key}\u0000${a.key}`;
    let s = cache.get(k);
    if (s === undefined) {
      const sim = stepSimilarity(a.step, b.step);
      s = sim === 0 ? SCORES.mismatch : SCORES.match * sim;
      cache.set(k, s);
    }
    return s;
  };
}

function column(cells: AlignedRow): Column {
  const groups = new Map<string, { key: string; step: ToolStep; count: number }>();
  for (const c of cells) {
    if (!c) continue;
    const g = groups.get(c.key);
    if (g) g.count++;
    else groups.set(c.key, { key: c.key, step: c.step, count: 1 });
  }
  return { cells, groups: [...groups.values()], filled: cells.filter(Boolean).length };
}

const DIAG = 1;
const UP = 2; // profile column against a gap in the new sequence
const LEFT = 3; // new sequence step against a new all-gap column

/** Aligns `seq` (cells of one sequence) against `profile`, returning the merged profile rows. */
function alignToProfile(profile: Column[], members: number, seq: AlignedCell[], score: ReturnType<typeof makeScorer>): AlignedRow[] {
  const n = profile.length;
  const m = seq.length;
  const w = m + 1;
  const dp = new Float64Array((n + 1) * w);
  const trace = new Uint8Array((n + 1) * w);
  // Skipping a column costs a gap against each member that has a step there.
  const skip = profile.map((c) => (SCORES.gap * c.filled) / members);
  for (let i = 1; i <= n; i++) {
    dp[i * w] = dp[(i - 1) * w] + skip[i - 1];
    trace[i * w] = UP;
  }
  for (let j = 1; j <= m; j++) {
    dp[j] = j * SCORES.gap;
    trace[j] = LEFT;
  }
  for (let i = 1; i <= n; i++) {
    const col = profile[i - 1];
    for (let j = 1; j <= m; j++) {
      let sub = (members - col.filled) * SCORES.gap;
      for (const g of col.groups) sub += g.count * score(g, seq[j - 1]);
      const diag = dp[(i - 1) * w + j - 1] + sub / members;
      const up = dp[(i - 1) * w + j] + skip[i - 1];
      const left = dp[i * w + j - 1] + SCORES.gap;
      // Ties prefer the diagonal, then a gap in the new sequence: deterministic output.
      let best = diag;
      let dir = DIAG;
      if (up > best) (best = up), (dir = UP);
      if (left > best) (best = left), (dir = LEFT);
      dp[i * w + j] = best;
      trace[i * w + j] = dir;
    }
  }
  const out: AlignedRow[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const dir = trace[i * w + j];
    if (dir === DIAG) {
      out.push([...profile[i - 1].cells, seq[j - 1]]);
      i--;
      j--;
    } else if (dir === UP) {
      out.push([...profile[i - 1].cells, null]);
      i--;
    } else {
      out.push([...new Array<null>(members).fill(null), seq[j - 1]]);
      j--;
    }
  }
  return out.reverse();
}

export function alignToolCalls(sequences: AlignmentSequence[], opts: { maxSteps?: number } = {}): Alignment {
  const maxSteps = opts.maxSteps ?? MAX_ALIGNED_STEPS;
  const ids = sequences.map((s) => s.id);
  const truncated: Alignment['truncated'] = [];
  const cellsOf = sequences.map((s) => {
    if (s.steps.length > maxSteps) truncated.push({ id: s.id, kept: maxSteps, total: s.steps.length });
    return s.steps.slice(0, maxSteps).map((step, index) => ({ step, index, key: stepKey(step) }));
  });
  if (!sequences.length) return { ids, rows: [], truncated };

  // Passing runs first (stable within each group), so the profile is anchored on what worked.
  const order = sequences.map((_, i) => i).sort((a, b) => Number(sequences[b].passed === true) - Number(sequences[a].passed === true) || a - b);
  const score = makeScorer();
  let rows: AlignedRow[] = cellsOf[order[0]].map((c) => [c]);
  for (let k = 1; k < order.length; k++) {
    rows = alignToProfile(rows.map(column), k, cellsOf[order[k]], score);
  }
  // Back to the caller's column order.
  const slot = new Array<number>(sequences.length);
  order.forEach((seqIndex, pos) => (slot[seqIndex] = pos));
  return { ids, rows: rows.map((r) => ids.map((_, i) => r[slot[i]] ?? null)), truncated };
}
