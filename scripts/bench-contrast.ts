/**
 * npm run bench:contrast
 *
 * Times the contrast alignment (progressive Needleman–Wunsch + divergence) on
 * synthetic runs: the τ²-bench scale (8 runs × 30 calls) is the baseline;
 * then the per-trajectory cap (8 × 500) and the widest view the page allows
 * (40 × 500). Also the real τ²-bench airline task 16 when ../shared/data is
 * there. Prints the median of several rounds and the ratio to the baseline.
 * Not a test: figures only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  alignToolCalls,
  MAX_ALIGNED_STEPS,
  MAX_CONTRAST_TRAJECTORIES,
  type AlignmentSequence,
} from '@/lib/contrast/align-tool-calls';
import { findDivergence } from '@/lib/contrast/find-divergence';

// Deterministic pseudo-random numbers (mulberry32), so every run measures the same input.
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOOLS = Array.from({ length: 24 }, (_, i) => `app${i % 4}.fn_${i}`);

/** A shared "correct" run, and variants with ~10% substituted, inserted or dropped calls. */
function syntheticRuns(runs: number, length: number, seed = 7): AlignmentSequence[] {
  const rand = rng(seed);
  const call = () => ({
    tool: TOOLS[Math.floor(rand() * TOOLS.length)],
    arguments: { id: `x${Math.floor(rand() * 50)}`, page: Math.floor(rand() * 3) },
  });
  const base = Array.from({ length }, call);
  return Array.from({ length: runs }, (_, r) => {
    const steps = [];
    for (const c of base) {
      const p = rand();
      if (r > 0 && p < 0.03) continue;
      if (r > 0 && p < 0.06) steps.push(call());
      else steps.push(c);
      if (r > 0 && p > 0.97) steps.push(call());
    }
    return { id: `run-${r}`, passed: r % 2 === 0, steps: steps.map((s, position) => ({ ...s, position })) };
  });
}

function tau2Task16(): AlignmentSequence[] | null {
  const dir = path.resolve(process.cwd(), '../shared/data/tau2-bench/airline');
  if (!existsSync(dir)) return null;
  type Sim = {
    task_id: string;
    reward_info: { reward: number };
    messages: { tool_calls?: { name: string; arguments: Record<string, unknown> }[] | null }[];
  };
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((f) =>
      (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { simulations: Sim[] }).simulations
        .filter((s) => String(s.task_id) === '16')
        .map((s) => ({
          id: f,
          passed: s.reward_info.reward >= 1,
          steps: s.messages.flatMap((m, position) =>
            (m.tool_calls ?? []).map((c) => ({ tool: `airline.${c.name}`, arguments: c.arguments, position })),
          ),
        })),
    );
}

function medianMs(sequences: AlignmentSequence[], rounds: number): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const a = alignToolCalls(sequences);
    findDivergence(a, Object.fromEntries(sequences.map((s) => [s.id, s.passed === true])));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const cases: { name: string; runs: AlignmentSequence[]; rounds: number }[] = [
  { name: 'baseline: 8 runs × 30 calls (τ²-bench scale)', runs: syntheticRuns(8, 30), rounds: 30 },
  { name: `8 runs × ${MAX_ALIGNED_STEPS} calls (per-run cap)`, runs: syntheticRuns(8, MAX_ALIGNED_STEPS), rounds: 5 },
  {
    name: `${MAX_CONTRAST_TRAJECTORIES} runs × ${MAX_ALIGNED_STEPS} calls (widest view)`,
    runs: syntheticRuns(MAX_CONTRAST_TRAJECTORIES, MAX_ALIGNED_STEPS),
    rounds: 3,
  },
];
const real = tau2Task16();
if (real) cases.splice(1, 0, { name: 'τ²-bench airline task 16 (real, 8 runs)', runs: real, rounds: 30 });

medianMs(cases[0].runs, 5); // warm up the JIT before the baseline counts
let baseline = 0;
console.log('case'.padEnd(52), 'median ms'.padStart(10), 'vs baseline'.padStart(12));
for (const c of cases) {
  const ms = medianMs(c.runs, c.rounds);
  if (!baseline) baseline = ms;
  console.log(c.name.padEnd(52), ms.toFixed(2).padStart(10), `${(ms / baseline).toFixed(1)}×`.padStart(12));
}
