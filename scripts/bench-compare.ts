/**
 * npm run bench:compare [-- --trajectories 100000 --runs 5]
 *
 * Times the paired report (lib/compare, through the real code) on the SYNTHETIC bench database the
 * dashboard benchmark seeds (scripts/lib/bench-seed-synthetic.ts: 100,000 trajectories, R0 and three
 * releases of about 25,000 runs each, 200 cards injected 3 per run), next to a bare aggregate
 * query over the same rows (the pass counts of the two arms), and each card's record over the 200
 * cards. Then the bank list at 5,000 cards (the 200 injected plus never-injected ones added here):
 * its default page next to the page sorted by hurt and filtered to "hurt more than helped", which
 * read the trigger-kept record (card_record_summary migration). Prints p50 / p99 and the ratio to
 * the bare aggregate, against the ≤ 2× target. Not a test: figures only.
 */
import { parseArgs } from 'node:util';
import { runSyntheticBench } from './lib/synthetic-bench';

const { values } = parseArgs({
  options: { trajectories: { type: 'string', default: '100000' }, runs: { type: 'string', default: '5' } },
});
const N = Number(values.trajectories);
const RUNS = Number(values.runs);
const TARGET_RATIO = 2;

runSyntheticBench({ trajectories: N, events: 0 }, { events: false }, async () => {
  const { prisma } = await import('@/lib/db/prisma');
  const { compareArms } = await import('@/lib/compare/compare-arms');
  const { cardRecords } = await import('@/lib/compare/card-record');
  const { listCards } = await import('@/lib/cards/list-cards');
  const { measure, percentile } = await import('./lib/bench-seed-synthetic');
  const admin = {
    userId: 'bu3',
    name: 'bench',
    email: 'bench3@bench.local',
    role: 'ADMIN' as const,
    via: 'session' as const,
  };
  const [{ a, b }] = await prisma.$queryRaw<{ a: number; b: number }[]>`
    SELECT count(*) FILTER (WHERE "memoryRelease" = 'bench-r1')::int AS a, count(*) FILTER (WHERE "memoryRelease" = 'bench-r2')::int AS b FROM "Trajectory"`;
  const cards = await prisma.card.findMany({ select: { id: true, key: true } });
  // The bank page at 5,000 cards: the seed's 200 injected cards and cards no run names.
  await prisma.$executeRaw`
    INSERT INTO "Card" (id, key, kind, ability, title, "createdAt", "updatedAt")
    SELECT 'bkx' || i, 'skill::bench_extra_' || i, 'SKILL', (ARRAY['airline','retail','banking','calendar','telecom'])[1 + i % 5],
           'Bench card ' || i, now(), now()
    FROM generate_series(${cards.length}, 4999) i ON CONFLICT DO NOTHING`;
  const bankSize = await prisma.card.count();
  console.log(
    `\nCompare over SYNTHETIC data: arms bench-r1 (${a.toLocaleString('en-US')} runs) and bench-r2 (${b.toLocaleString('en-US')}); p50 / p99 of ${RUNS} runs after one warm-up:\n`,
  );
  const cases: [string, () => Promise<unknown>][] = [
    [
      'bare aggregate: pass counts of both arms',
      () =>
        prisma.$queryRaw`SELECT t."memoryRelease", t.passed, count(*) FROM "Trajectory" t WHERE t."memoryRelease" IN ('bench-r1', 'bench-r2') GROUP BY 1, 2`,
    ],
    ['the paired report (compareArms)', () => compareArms(admin, { a: 'bench-r1', b: 'bench-r2' })],
    [`card records of ${cards.length} cards (one query)`, () => cardRecords(cards)],
    ['card record of one card (the card page)', () => cardRecords(cards.slice(0, 1))],
    [`bank page of ${bankSize} cards, default order`, () => listCards(admin, { status: 'all' })],
    [`bank page of ${bankSize} cards, sorted by hurt`, () => listCards(admin, { status: 'all', sort: 'hurt' })],
    [
      `bank page, hurt more than helped, by hurt`,
      () => listCards(admin, { status: 'all', sort: 'hurt', record: 'hurt-more' }),
    ],
  ];
  let baseline = 0;
  let reportP50 = 0;
  for (const [label, fn] of cases) {
    await fn();
    const times = await measure(fn, RUNS);
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
    if (!baseline) baseline = p50;
    if (label.startsWith('the paired report')) reportP50 = p50;
    console.log(
      `  ${label.padEnd(48)} p50 ${p50.toFixed(1).padStart(8)} ms   p99 ${p99.toFixed(1).padStart(8)} ms   (${(p50 / baseline).toFixed(1)}× the bare aggregate)`,
    );
  }
  const ratio = reportP50 / baseline;
  console.log(
    `\nTarget: the report ≤ ${TARGET_RATIO}× the bare aggregate → ${ratio.toFixed(1)}×: ${ratio <= TARGET_RATIO ? 'OK' : 'OVER TARGET'}`,
  );
});
