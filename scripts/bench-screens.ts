/**
 * npm run bench:screens [-- --runs 7]
 *
 * The screen queries the screens-at-scale pass changed, in-process through the
 * real Prisma client on the bench:api data set (100,000 trajectories through
 * the import path, .data/bench, seeded once: bench-seed.ts) plus
 * bench-seed-screens.ts (10,000 double-diagnosed checkpoints, two releases of
 * ~2,900 parseable cards). Each row times the code before the change
 * (scripts/lib/bench-screens-before.ts) and after it, alternating run by run
 * so both see the same machine, checks they return the same result, and prints
 * the p50s and their ratio. `BENCH_SCREENS_DATABASE_URL` measures another
 * database instead (it needs the same data). Not a test: figures only.
 */
import { isDeepStrictEqual } from 'node:util';
import { ensureBenchData, openApiBenchDatabase } from './lib/bench-seed';
import { SCREENS_RELEASES } from './lib/bench-seed-screens';
import { percentile } from './lib/bench-seed-synthetic';
import { parseCountArgs } from './lib/cli-args';
import { type Database } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { runBench } from './lib/run-bench';

const {
  counts: { runs: RUNS },
} = parseCountArgs('Usage: npm run bench:screens [-- --runs 7]', { runs: 7 });

async function openDatabase(): Promise<Database> {
  const url = process.env.BENCH_SCREENS_DATABASE_URL;
  if (!url) return openApiBenchDatabase();
  await migrateDeploy(url, { quiet: true });
  return { url, embedded: false, stop: async () => undefined };
}

/** Before and after agree when the lines each result is summed up by are equal. */
const sameLines =
  <A, B>(linesBefore: (a: A) => string[], linesAfter: (b: B) => string[]) =>
  (a: unknown, b: unknown) =>
    isDeepStrictEqual(linesBefore(a as A), linesAfter(b as B));

type AnnotatorCounts = { userId: string; submitted: number; drafts: number };
const annotatorLine = (r: AnnotatorCounts) => `${r.userId} ${r.submitted} ${r.drafts}`;

const p50 = (times: number[]) =>
  percentile(
    [...times].sort((x, y) => x - y),
    50,
  );

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main(db: Database) {
  const { prisma } = await import('@/lib/db/prisma');
  if (db.embedded) await ensureBenchData((s) => console.log(s));
  await (await import('./lib/bench-seed-screens')).ensureScreensData(prisma, (s) => console.log(s));
  const before = await import('./lib/bench-screens-before');
  const { diffReleases } = await import('@/lib/releases/diff-releases');
  const { bankGrowth } = await import('@/lib/dashboard/bank-growth');
  const { coverage } = await import('@/lib/dashboard/coverage');
  const { listDrillTrajectories } = await import('@/lib/dashboard/list-trajectories');
  const drillIds = async (q: Record<string, string>) =>
    (await listDrillTrajectories(actor, { ...q, pageSize: '50' })).items.map((t) => t.id);
  const { loadAgreementUnits, MAX_AGREEMENT_UNITS } = await import('@/lib/diagnosis/agreement-report');
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@bench.local' } });
  const actor = { userId: admin.id, name: admin.name, email: admin.email, role: admin.role, via: 'session' as const };
  const [r1, r2] = SCREENS_RELEASES;

  // The diff's first view builds both releases' indexes (kept for every later view, the leakage audit and previews).
  const firstDiff = await time(() => diffReleases(actor, r1, r2));
  const cases: {
    label: string;
    before: () => Promise<unknown>;
    after: () => Promise<unknown>;
    same: (a: unknown, b: unknown) => boolean;
  }[] = [
    {
      label: `release diff ${r1} → ${r2}`,
      before: () => before.diffReleasesBefore(r1, r2),
      after: () => diffReleases(actor, r1, r2),
      same: isDeepStrictEqual,
    },
    {
      label: 'dashboard bank growth',
      before: () => before.bankGrowthRowsBefore(),
      after: () => bankGrowth({}),
      // The "after" is the finished figure; compare week × bank × cards.
      same: sameLines(
        (a: { week: Date; bank: string; cards: number }[]) =>
          a.map((r) => `${r.week.toISOString().slice(0, 10)} ${r.bank} ${r.cards}`),
        (b: { points: { week: string; bank: string; cards: number }[] }) =>
          b.points.map((p) => `${p.week} ${p.bank} ${p.cards}`),
      ),
    },
    {
      // The "before" is the per-annotator query alone; the "after" the whole coverage figure (it runs with two cube reads in parallel).
      label: 'dashboard coverage (per annotator)',
      before: () => before.annotatorCountsBefore(),
      after: () => coverage({}),
      same: sameLines(
        (a: AnnotatorCounts[]) => a.map(annotatorLine),
        (b: { byAnnotator: AnnotatorCounts[] }) => b.byAnnotator.map(annotatorLine).sort(),
      ),
    },
    {
      // Page and count; the "before" is the page alone, sorted without the newest-first index.
      label: 'dashboard trajectories drill-down, first page',
      before: () => before.drillPageBefore({}),
      after: () => drillIds({}),
      same: isDeepStrictEqual,
    },
    {
      label: 'drill-down, one model, first page',
      before: () => before.drillPageBefore({ model: 'heron-large' }),
      after: () => drillIds({ model: 'heron-large' }),
      same: isDeepStrictEqual,
    },
    {
      label: 'agreement units (agreement page, disagreements)',
      before: () => before.agreementUnitsBefore({ benchmark: undefined, ability: undefined }, MAX_AGREEMENT_UNITS + 1),
      after: () => loadAgreementUnits({ benchmark: undefined, ability: undefined }, MAX_AGREEMENT_UNITS + 1),
      same: isDeepStrictEqual,
    },
    {
      label: 'agreement units, one benchmark',
      before: () =>
        before.agreementUnitsBefore({ benchmark: 'bench-air', ability: undefined }, MAX_AGREEMENT_UNITS + 1),
      after: () => loadAgreementUnits({ benchmark: 'bench-air', ability: undefined }, MAX_AGREEMENT_UNITS + 1),
      same: isDeepStrictEqual,
    },
  ];
  console.log(
    `\nScreens at scale: p50 of ${RUNS} runs each, before and after alternating (after one warm-up of each):\n`,
  );
  for (const c of cases) {
    const [a, b] = [await c.before(), await c.after()];
    const same = c.same(a, b);
    const tb: number[] = [];
    const ta: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      tb.push(await time(c.before));
      ta.push(await time(c.after));
    }
    const [pb, pa] = [p50(tb), p50(ta)];
    console.log(
      `  ${c.label.padEnd(52)} before ${pb.toFixed(0).padStart(6)} ms   after ${pa.toFixed(0).padStart(6)} ms   ${(pb / pa).toFixed(1).padStart(6)}× faster   ${same ? 'same result' : 'RESULTS DIFFER'}`,
    );
  }
  console.log(`  (release diff, first view with both release indexes cold: ${firstDiff.toFixed(0)} ms)`);
}

await runBench(openDatabase, main);
