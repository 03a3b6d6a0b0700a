/**
 * npm run bench:compare [-- --per-arm 50000 --trials 5 --rounds 7]
 *
 * Times the paired report (lib/compare, through the real code) on SYNTHETIC data seeded for it
 * (scripts/lib/bench-seed-compare.ts): releases bench-r1 and bench-r2 of `per-arm` runs each over the
 * same tasks and trials (100,000 trajectories at the default: two arms of 50,000, every run paired,
 * three checkpoints, a cost and three of 200 cards per run), in its own database of the bench cluster.
 * Next to it, in the same rounds: a bare aggregate query over the same rows (the pass counts of the
 * two arms), the report's parts, one card's record with its pairs (the card page), the 200 cards'
 * kept counts (the review inbox), and the bank list at 5,000 cards (the 200
 * injected plus cards no run names) with the trigger-kept helped / hurt columns. Baseline and
 * subjects alternate round by round; the figures are medians over rounds, the ratios medians of the
 * per-round ratios to the bare aggregate (the machine is shared). Not a test: figures only.
 */
import os from 'node:os';
import { ensureCompareData } from './lib/bench-seed-compare';
import { benchActor, openBenchDatabase } from './lib/bench-seed-synthetic';
import { parseCountArgs } from './lib/cli-args';
import { ensureDatabase } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { runBench } from './lib/run-bench';

const {
  counts: { 'per-arm': PER_ARM, trials: TRIALS, rounds: ROUNDS },
} = parseCountArgs('Usage: npm run bench:compare [-- --per-arm 50000 --trials 5 --rounds 7]', {
  'per-arm': 50000,
  trials: 5,
  rounds: 7,
});
const TARGET_RATIO = 2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Its own database in the bench cluster: the dashboard and search benchmarks' data stay untouched. */
async function openCompareDatabase() {
  const db = await openBenchDatabase();
  const url = new URL(db.url);
  url.pathname = '/bench_compare';
  try {
    await ensureDatabase(db.adminUrl ?? db.url, 'bench_compare', decodeURIComponent(url.username));
    await migrateDeploy(url.toString(), { quiet: true });
  } catch (err) {
    await db.stop();
    throw err;
  }
  return { url: url.toString(), stop: db.stop };
}

async function body() {
  const { prisma } = await import('@/lib/db/prisma');
  const { compareArms } = await import('@/lib/compare/compare-arms');
  const { pairedAggregates } = await import('@/lib/compare/paired-aggregates');
  const { buildPairedFigures } = await import('@/lib/compare/build-report');
  const { pairedMeanDifferenceOfHistogram } = await import('@/lib/compare/paired-statistics');
  const { regressionDetails } = await import('@/lib/compare/regression-cards');
  const { MAX_DETAILED_REGRESSIONS } = await import('@/lib/compare/compare-arms');
  const { cardRecords } = await import('@/lib/compare/card-record');
  const { cardRecordJsonSql } = await import('@/lib/compare/card-record-counts');
  const { Prisma } = await import('@prisma/client');
  const { listCards } = await import('@/lib/cards/list-cards');
  const admin = benchActor(3, 'ADMIN');
  const [{ a, b }] = await prisma.$queryRaw<{ a: number; b: number }[]>`
    SELECT count(*) FILTER (WHERE "memoryRelease" = 'bench-r1')::int AS a, count(*) FILTER (WHERE "memoryRelease" = 'bench-r2')::int AS b FROM "Trajectory"`;
  // The seed's 200 injected cards (the extras below are added once and kept with the data).
  const cards = await prisma.card.findMany({
    where: { NOT: { id: { startsWith: 'bkx' } } },
    select: { id: true, key: true },
  });
  // The bank page at 5,000 cards: the seed's 200 injected cards and cards no run names.
  await prisma.$executeRaw`
    INSERT INTO "Card" (id, key, kind, ability, title, "createdAt", "updatedAt")
    SELECT 'bkx' || i, 'skill::bench_extra_' || i, 'SKILL', (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5],
           'Bench card ' || i, now(), now()
    FROM generate_series(200, 4999) i ON CONFLICT DO NOTHING`;
  const bankSize = await prisma.card.count();

  // Inputs of the report's parts, computed once through the same functions compareArms calls.
  const noPin = { model: false, agent: false };
  const [r1, r2] = [{ release: 'bench-r1' }, { release: 'bench-r2' }];
  const aggregates = await pairedAggregates(r1, r2, {}, null, noPin);
  const figures = buildPairedFigures(aggregates);
  const broke = figures.flips.filter((f) => f.kind === 'broke').slice(0, MAX_DETAILED_REGRESSIONS);
  const histogram = aggregates.checkpoint.histogram;
  const differences = histogram.reduce((s, h) => s + h.count, 0);
  const cardsInjected = (release: string) =>
    prisma.$queryRaw`SELECT count(*)::int FROM (SELECT DISTINCT c FROM "Trajectory" t, unnest(t."memoryCardIds") c WHERE t."memoryRelease" = ${release}) d`;

  const cases: [string, () => Promise<unknown>][] = [
    [
      'bare aggregate: pass counts of both arms',
      () =>
        prisma.$queryRaw`SELECT t."memoryRelease", t.passed, count(*) FROM "Trajectory" t WHERE t."memoryRelease" IN ('bench-r1', 'bench-r2') GROUP BY 1, 2`,
    ],
    ['the paired report (compareArms)', () => compareArms(admin, { a: 'bench-r1', b: 'bench-r2' })],
    ['  part: pair and count in SQL (one statement)', () => pairedAggregates(r1, r2, {}, null, noPin)],
    [
      '  part: distinct cards injected of both arms (SQL)',
      () => Promise.all([cardsInjected('bench-r1'), cardsInjected('bench-r2')]),
    ],
    ['  part: every figure from the aggregates (Node)', async () => buildPairedFigures(aggregates)],
    [
      `  part: bootstrap of ${differences.toLocaleString('en-US')} differences (${histogram.length} values)`,
      async () => pairedMeanDifferenceOfHistogram(histogram),
    ],
    [`  part: detail of ${broke.length} regressions (checkpoint, cards)`, () => regressionDetails(broke)],
    ['card record of one card, with pairs (the card page)', () => cardRecords(cards.slice(0, 1))],
    [
      `kept counts of ${cards.length} cards (the review inbox)`,
      () =>
        prisma.$queryRaw(
          Prisma.sql`SELECT c.id, ${cardRecordJsonSql('c')} AS record FROM "Card" c WHERE c.id = ANY(${cards.map((c) => c.id)}::text[])`,
        ),
    ],
    [`bank page of ${bankSize} cards, default order`, () => listCards(admin, { status: 'all' })],
    [`bank page of ${bankSize} cards, sorted by hurt`, () => listCards(admin, { status: 'all', sort: 'hurt' })],
    [
      'bank page, hurt more than helped, by hurt',
      () => listCards(admin, { status: 'all', sort: 'hurt', record: 'hurt-more' }),
    ],
  ];
  console.log(
    `\nCompare over SYNTHETIC data: arms bench-r1 (${a.toLocaleString('en-US')} runs) and bench-r2 (${b.toLocaleString('en-US')}), ${figures.counts.pairs.toLocaleString('en-US')} pairs; ${ROUNDS} interleaved rounds after one warm-up, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}:\n`,
  );
  for (const [, fn] of cases) await fn();
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < cases.length; i++) {
      const t = performance.now();
      await cases[i][1]();
      times[i].push(performance.now() - t);
    }
  const ratios = times.map((ts) => median(ts.map((t, r) => t / times[0][r])));
  cases.forEach(([label], i) =>
    console.log(
      `  ${label.padEnd(52)} median ${median(times[i]).toFixed(1).padStart(8)} ms   (${ratios[i].toFixed(1)}× the bare aggregate)`,
    ),
  );
  const ratio = ratios[1];
  console.log(
    `\nTarget: the report ≤ ${TARGET_RATIO}× the bare aggregate → ${ratio.toFixed(1)}×: ${ratio <= TARGET_RATIO ? 'OK' : 'OVER TARGET'}; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
}

await runBench(openCompareDatabase, async (db) => {
  await ensureCompareData(db.url, PER_ARM, TRIALS);
  await body();
});
