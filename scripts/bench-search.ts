/**
 * npm run bench:search [-- --trajectories 100000 --events 100 --runs 30]
 *
 * Times transcript search (lib/search/searchTranscripts, the real code path)
 * on SYNTHETIC data: 100,000 trajectories × 100 events = 10 million events of
 * made-up words and tools, generated inside PostgreSQL (scripts/lib/bench-seed.ts;
 * seeded once into .data/bench-pg — a few minutes — and reused by later runs).
 * Prints p50/p99 per query kind next to a baseline measured in the same run:
 * a plain indexed lookup of one event by (trajectoryId, position).
 * Target: ≤ 200 ms p50 for a two-word query. Not a test: figures only.
 */
import { BENCH_TOOLS, benchActor, measure, percentile } from './lib/bench-seed-synthetic';
import { parseCountArgs } from './lib/cli-args';
import { runSyntheticBench } from './lib/synthetic-bench';

const {
  counts: { trajectories: N, events: E, runs: RUNS },
} = parseCountArgs('Usage: npm run bench:search [-- --trajectories 100000 --events 100 --runs 30]', {
  trajectories: 100000,
  events: 100,
  runs: 30,
});
const TARGET_MS = 200;

// Two-word queries: common words (the candidate cap applies), mid-frequency and rare synthetic terms.
const COMMON = [
  ['order', 'refund'],
  ['cancel', 'reservation'],
  ['flight', 'booking'],
  ['payment', 'card'],
  ['customer', 'account'],
];
const MID = Array.from({ length: 10 }, (_, i) => [
  `term${(400 + i * 37).toString(36)}`,
  `term${(600 + i * 53).toString(36)}`,
]);
const RARE = Array.from({ length: 10 }, (_, i) => [
  `term${(2500 + i * 17).toString(36)}`,
  `term${(2700 + i * 11).toString(36)}`,
]);

await runSyntheticBench({ trajectories: N, events: E }, { events: true }, async () => {
  const { prisma } = await import('@/lib/db/prisma');
  const { searchTranscripts } = await import('@/lib/search/search-transcripts');
  const actor = benchActor(0, 'ANNOTATOR');
  const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM "Event"`;
  console.log(
    `\nTranscript search over ${Number(n).toLocaleString('en-US')} SYNTHETIC events (${RUNS} runs per kind, after a warm-up):\n`,
  );
  let i = 0;
  const cycle =
    <T>(list: T[]) =>
    () =>
      list[i++ % list.length];
  const kinds: [string, () => Promise<unknown>][] = [
    [
      'baseline: one event by (trajectoryId, position)',
      () =>
        prisma.event.findUnique({
          where: { trajectoryId_position: { trajectoryId: `tr${(i++ * 7919) % N}`, position: 5 } },
        }),
    ],
    // The index's floor: the GIN match alone (first 20 events, no ranking, grouping, highlighting or context).
    [
      'floor: bare GIN match of two mid-frequency words',
      (
        (pick) => () =>
          prisma.$queryRaw`SELECT id FROM "Event" WHERE "searchVector" @@ websearch_to_tsquery('english', ${pick().join(' ')}) LIMIT 20`
      )(cycle(MID)),
    ],
    [
      'two common words (capped ranking)',
      (
        (pick) => () =>
          searchTranscripts(actor, { q: pick().join(' ') })
      )(cycle(COMMON)),
    ],
    [
      'two mid-frequency words',
      (
        (pick) => () =>
          searchTranscripts(actor, { q: pick().join(' ') })
      )(cycle(MID)),
    ],
    [
      'two rare words',
      (
        (pick) => () =>
          searchTranscripts(actor, { q: pick().join(' ') })
      )(cycle(RARE)),
    ],
    ['phrase "cancel reservation"', () => searchTranscripts(actor, { q: '"cancel reservation"' })],
    [`tool name as words (${BENCH_TOOLS[2]})`, () => searchTranscripts(actor, { q: BENCH_TOOLS[2] })],
    [
      'words + tool filter + failed outcome',
      (
        (pick) => () =>
          searchTranscripts(actor, { q: pick().join(' '), tool: BENCH_TOOLS[6], outcome: 'failed' })
      )(cycle(MID)),
    ],
  ];
  let baseline = 0;
  const rows: { label: string; p50: number; p99: number }[] = [];
  for (const [label, fn] of kinds) {
    await fn();
    const t = await measure(fn, RUNS);
    const p50 = percentile(t, 50);
    const p99 = percentile(t, 99);
    if (!baseline) baseline = p50;
    rows.push({ label, p50, p99 });
    console.log(
      `  ${label.padEnd(52)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms   (${(p50 / baseline).toFixed(0)}× baseline p50)`,
    );
  }
  const twoWord = rows.filter((r) => r.label.startsWith('two '));
  const worst = Math.max(...twoWord.map((r) => r.p50));
  console.log(
    `\nTarget: two-word query p50 ≤ ${TARGET_MS} ms → worst two-word p50 ${worst.toFixed(1)} ms: ${worst <= TARGET_MS ? 'OK' : 'OVER TARGET'}`,
  );
});
