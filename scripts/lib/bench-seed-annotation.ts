/**
 * Annotation and reflection in progress on the bench:api data set, so the
 * lists run the paths a working team's data takes them down (without these,
 * two of them were never measured):
 *
 * - Overlap k = 2 on `bench-air` (set through `setOverlap`, as an admin
 *   would), and one submitted diagnosis by the bench annotator on every fifth
 *   failed trajectory (all 50,000 failed ones are `bench-air`'s): 10,000
 *   trajectories that stay in everyone else's queue with `diagnosedCount` > 0, so for a fifth of the filtered
 *   queue's rows the page computes which checkpoints are still open to the
 *   caller (`openCheckpointsSql`), and the annotator's own queue skips them
 *   (`notDoneByUser`). The queue keeps its 50,000 rows. They were submitted
 *   over the last hundred days, a hundred a day.
 * - Six skill deltas per reflection run (the runs list counts them per row;
 *   with none the count was a scan of an empty table).
 *
 * Written in SQL (INSERT … SELECT) once, like the review data; the statement
 * triggers keep the trajectories' counters exact, and the pending counts are
 * recounted by `recountPendingWhere`, as setting the overlap does. SYNTHETIC rows.
 */
import { Prisma, type PrismaClient } from '@prisma/client';
import { recountPendingWhere, setOverlap } from '@/lib/queue/overlap';
import { ensureFailureCategories } from '@/lib/seed/seed-demo';

export const BENCH_DIAGNOSED_BENCHMARK = 'bench-air';
const DELTAS_PER_RUN = 6;

async function seedDeltas(prisma: PrismaClient) {
  await prisma.$executeRawUnsafe(`
    INSERT INTO "SkillDelta" (id, "runId", index, content, valid, validation, "createdAt", "updatedAt")
    SELECT 'bkd' || r.n || '_' || d, r.id, d,
           jsonb_build_object('operation', (ARRAY['ADD_CARD', 'PATCH_CARD', 'NO_OP'])[1 + d % 3], 'reason', 'Bench delta ' || d || ' of run ' || r.n),
           d % 5 <> 4, CASE WHEN d % 5 = 4 THEN '[{"rule":"schema","path":"steps","message":"empty"}]'::jsonb ELSE '[]'::jsonb END,
           r."createdAt", r."createdAt"
    FROM (SELECT id, "createdAt", row_number() OVER (ORDER BY id) AS n FROM "ReflectionRun") r, generate_series(0, ${DELTAS_PER_RUN - 1}) d`);
}

/**
 * A hundred a day over the last hundred days, not all 10,000 today: the queue
 * page counts the caller's diagnoses submitted today ("done today"), and a
 * day of 10,000 made that count, not the page, the annotator's cost.
 */
const SUBMITTED_AT_SQL = Prisma.sql`(now() AT TIME ZONE 'UTC') - (substr(t."externalId", 10)::int / 10 % 100) * interval '1 day'`;

async function seedDiagnoses(prisma: PrismaClient, annotatorId: string) {
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`
      INSERT INTO "Diagnosis" (id, "trajectoryId", "checkpointResultId", "authorId", "categoryId", "eventStart", "eventEnd",
                               "whatWentWrong", "whatShouldHaveHappened", confidence, status, "submittedAt", "createdAt", "updatedAt")
      SELECT 'bkg' || t.id, t.id, r.id, ${annotatorId}, (SELECT id FROM "FailureCategory" WHERE key = 'misread-state'), 3, 3,
             'Told the customer the order was pending although the tool result said shipped.',
             'Read the status from the get_order result and tell it as it is.', 4, 'SUBMITTED', s.at, s.at, s.at
      FROM "Trajectory" t JOIN "CheckpointResult" r ON r."trajectoryId" = t.id AND r.passed = false
        CROSS JOIN LATERAL (SELECT ${SUBMITTED_AT_SQL} AS at) s
      WHERE t.benchmark = ${BENCH_DIAGNOSED_BENCHMARK} AND t."externalId" LIKE 'apibench:%'
        AND substr(t."externalId", 10)::int % 10 = 1`;
      // With k = 2 one submission leaves the checkpoint pending; recounted anyway (as setOverlap does), so the
      // counts stay exact whatever the overlap setting is.
      await recountPendingWhere(tx, Prisma.sql`k."benchmark" = ${BENCH_DIAGNOSED_BENCHMARK}`);
    },
    { timeout: 300_000 },
  );
}

/** Seeds the annotation and reflection data above unless the bench database already holds it. */
export async function ensureAnnotationData(prisma: PrismaClient, log: (s: string) => void): Promise<void> {
  if (!(await prisma.skillDelta.findFirst({ where: { id: { startsWith: 'bkd' } }, select: { id: true } }))) {
    await prisma.$transaction(async (tx) => seedDeltas(tx as PrismaClient), { timeout: 300_000 });
    log(`• Seeded ${DELTAS_PER_RUN} skill deltas per reflection run`);
  }
  if (await prisma.diagnosis.findFirst({ where: { id: { startsWith: 'bkg' } }, select: { id: true } })) return;
  await prisma.$transaction((tx) => ensureFailureCategories(tx));
  const admin = await prisma.user.findUniqueOrThrow({ where: { email: 'admin@bench.local' } });
  const annotator = await prisma.user.findUniqueOrThrow({ where: { email: 'annotator@bench.local' } });
  await setOverlap(
    { userId: admin.id, name: admin.name, email: admin.email, role: admin.role, via: 'session' },
    { benchmark: BENCH_DIAGNOSED_BENCHMARK, k: 2 },
  );
  await seedDiagnoses(prisma, annotator.id);
  const n = await prisma.diagnosis.count({ where: { id: { startsWith: 'bkg' } } });
  log(
    `• Overlap k = 2 on ${BENCH_DIAGNOSED_BENCHMARK}; seeded ${n.toLocaleString('en-US')} submitted diagnoses by the bench annotator`,
  );
}
