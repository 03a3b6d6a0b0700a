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
/** Runs the contrast view aligns at most (the view says when it left some out): a wider table is unreadable anyway. */
export const MAX_CONTRAST_TRAJECTORIES = 40;

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

/** A cell plus interned ids: integer compares keep the inner loop fast at 40 runs × 500 calls. */
type Item = AlignedCell & { kid: number; tid: number };
type ProfileRow = (Item | null)[];
type Group = { kid: number; count: number };
/** `byTool[toolId]`: the column's members that called that tool, grouped by key (a dense array: read once per DP cell). */
type Column = { cells: ProfileRow; filled: number; byTool: (Group[] | undefined)[] };

/** Pair scores by interned key id; only same-tool pairs are ever computed (others are a plain mismatch). */
function makeScorer(steps: ToolStep[]) {
  const cache = new Map<number, number>();
  const n = steps.length;
  return (a: number, b: number) => {
    if (a === b) return SCORES.match;
    const k = a < b ? a * n + b : b * n + a;
    let s = cache.get(k);
    if (s === undefined) {
      const sim = stepSimilarity(steps[a], steps[b]);
      s = sim === 0 ? SCORES.mismatch : SCORES.match * sim;
      cache.set(k, s);
    }
    return s;
  };
}

function column(cells: ProfileRow): Column {
  const byTool: (Group[] | undefined)[] = [];
  let filled = 0;
  for (const c of cells) {
    if (!c) continue;
    filled++;
    const groups = (byTool[c.tid] ??= []);
    const g = groups.find((x) => x.kid === c.kid);
    if (g) g.count++;
    else groups.push({ kid: c.kid, count: 1 });
  }
  return { cells, filled, byTool };
}

const DIAG = 1;
const UP = 2; // profile column against a gap in the new sequence
const LEFT = 3; // new sequence step against a new all-gap column

/** Aligns `seq` against `profile` (Needleman–Wunsch), returning the merged profile rows. */
function alignToProfile(
  profile: Column[],
  members: number,
  seq: Item[],
  score: ReturnType<typeof makeScorer>,
): ProfileRow[] {
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
    // Start from "every member mismatches or is a gap", then correct for same-tool members.
    const base = (members - col.filled) * SCORES.gap + col.filled * SCORES.mismatch;
    for (let j = 1; j <= m; j++) {
      const item = seq[j - 1];
      let sub = base;
      const same = col.byTool[item.tid];
      if (same) for (const g of same) sub += g.count * (score(g.kid, item.kid) - SCORES.mismatch);
      const diag = dp[(i - 1) * w + j - 1] + sub / members;
      const up = dp[(i - 1) * w + j] + skip[i - 1];
      const left = dp[i * w + j - 1] + SCORES.gap;
      // Ties prefer the diagonal, then a gap in the new sequence: deterministic output.
      let best = diag;
      let dir = DIAG;
      if (up > best) ((best = up), (dir = UP));
      if (left > best) ((best = left), (dir = LEFT));
      dp[i * w + j] = best;
      trace[i * w + j] = dir;
    }
  }
  const out: ProfileRow[] = [];
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
  // Intern keys and tool names: one representative step per distinct key.
  const keyIds = new Map<string, number>();
  const toolIds = new Map<string, number>();
  const representatives: ToolStep[] = [];
  const itemsOf = sequences.map((s) => {
    if (s.steps.length > maxSteps) truncated.push({ id: s.id, kept: maxSteps, total: s.steps.length });
    return s.steps.slice(0, maxSteps).map((step, index): Item => {
      const key = stepKey(step);
      let kid = keyIds.get(key);
      if (kid === undefined) {
        kid = representatives.push(step) - 1;
        keyIds.set(key, kid);
      }
      if (!toolIds.has(step.tool)) toolIds.set(step.tool, toolIds.size);
      return { step, index, key, kid, tid: toolIds.get(step.tool)! };
    });
  });
  if (!sequences.length) return { ids, rows: [], truncated };

  // Passing runs first (stable within each group), so the profile is anchored on what worked.
  const order = sequences
    .map((_, i) => i)
    .sort((a, b) => Number(sequences[b].passed === true) - Number(sequences[a].passed === true) || a - b);
  const score = makeScorer(representatives);
  let rows: ProfileRow[] = itemsOf[order[0]].map((c) => [c]);
  for (let k = 1; k < order.length; k++) {
    rows = alignToProfile(rows.map(column), k, itemsOf[order[k]], score);
  }
  // Back to the caller's column order, without the interned ids.
  const slot = new Array<number>(sequences.length);
  order.forEach((seqIndex, pos) => (slot[seqIndex] = pos));
  const plain = (c: Item | null | undefined): AlignedCell | null =>
    c ? { step: c.step, index: c.index, key: c.key } : null;
  return { ids, rows: rows.map((r) => ids.map((_, i) => plain(r[slot[i]]))), truncated };
}
