import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { sqlStateOf } from '@/lib/db/transient-error';
import { AppError } from '@/lib/errors';
import { assertOverlapScope } from './check-overlap-scope';
import { hasOpenCheckpointSql, openCheckpointsSql, pendingCountSql, userSubmittedOnRowSql } from './open-checkpoints';

/**
 * Overlap k (annotator agreement): each failed checkpoint of a benchmark (or
 * of one ability of it) stays in the queue until k different annotators have
 * submitted a diagnosis. No setting means k = 1, the single-annotator queue.
 */
export const MAX_OVERLAP_K = 10;

/**
 * k for the row aliased `row` in the surrounding SQL: the ability's own
 * setting, else the benchmark-wide one (ability ""), else 1. The row is a
 * trajectory (which carries its task's benchmark and ability, see
 * prisma/sql/task-fields.sql) or a task.
 */
export function overlapKSql(row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`COALESCE(
    (SELECT o."k" FROM "OverlapSetting" o WHERE o."benchmark" = ${row}."benchmark" AND o."ability" = COALESCE(${row}."ability", '') AND o."ability" <> ''),
    (SELECT o."k" FROM "OverlapSetting" o WHERE o."benchmark" = ${row}."benchmark" AND o."ability" = ''),
    1)`;
}

/**
 * A change of k and a write that recounts a trajectory under k (a diagnosis
 * saved or submitted) must not overlap. Under READ COMMITTED each counts with
 * the k and the diagnoses its own statement sees: a submission committed while
 * a change of k was on its way was counted with the old k and left out of the
 * recount (it was not in the recount's snapshot), so a trajectory could leave
 * the queue with one of its k diagnoses. Writers share this lock, a change of k
 * takes it alone: each waits for the other's commit, then reads it.
 * One lock per benchmark (k is set per benchmark or one ability of it), so a
 * change of k holds up the writers of that benchmark only, as its row locks did.
 * Taken as a transaction's first statement, before any row lock, so a writer
 * never holds a row the recount waits for while it waits for the recount.
 */
export const overlapLock = (benchmark: Prisma.Sql) => Prisma.sql`hashtext('overlap-k'), hashtext(${benchmark})`;

/**
 * How long a write waits for a change of k on its benchmark to commit (a
 * recount of tens of thousands of trajectories takes seconds) before it is refused with a 503
 * that says why. Bounded so a recount of a very large benchmark cannot hold
 * every annotator's request, and a pool connection each, for as long as it runs.
 */
export const OVERLAP_WRITE_WAIT_MS = 15_000;

/**
 * Transaction options for a write that takes lockOverlapForWriting. Prisma's
 * default 5 s is too short for one that waited behind a recount: its timeout
 * does not cancel the waiting statement, so the write waited, then failed at
 * commit with an expired transaction (an "Internal error" after a submit that looked fine).
 */
export const OVERLAP_WRITER_TX = { timeout: OVERLAP_WRITE_WAIT_MS + 10_000 };

/**
 * The shared side, for the benchmark of the checkpoint result, diagnosis or
 * run (diagnosed as a whole) written (none if it does not exist: the write then fails on it). Free unless
 * k is being changed, so it is tried first; only then does the write wait, for
 * at most `waitMs` (the lock timeout cancels the wait in the database).
 */
export async function lockOverlapForWriting(
  tx: Tx,
  target: { checkpointResultId: string } | { diagnosisId: string } | { trajectoryId: string },
  { waitMs = OVERLAP_WRITE_WAIT_MS } = {},
): Promise<void> {
  const trajectoryId =
    'checkpointResultId' in target
      ? Prisma.sql`(SELECT c."trajectoryId" FROM "CheckpointResult" c WHERE c.id = ${target.checkpointResultId})`
      : 'diagnosisId' in target
        ? Prisma.sql`(SELECT d."trajectoryId" FROM "Diagnosis" d WHERE d.id = ${target.diagnosisId})`
        : Prisma.sql`${target.trajectoryId}`;
  const [row] = await tx.$queryRaw<{ got: boolean; benchmark: string }[]>`
    SELECT pg_try_advisory_xact_lock_shared(${overlapLock(Prisma.sql`t."benchmark"`)}) AS got, t."benchmark" FROM "Trajectory" t WHERE t.id = ${trajectoryId}`;
  if (!row || row.got) return;
  await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${waitMs}ms`}, true)`;
  try {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(${overlapLock(Prisma.sql`${row.benchmark}`)})`;
  } catch (err) {
    if (sqlStateOf(err) !== '55P03') throw err;
    throw new AppError(
      'UNAVAILABLE',
      `Overlap k of ${row.benchmark} is being changed and its queue recounted, which took longer than ${waitMs / 1000} s; nothing was saved. Try again in a few seconds.`,
      [],
      {
        retryAfterSeconds: 5,
        reason: 'OVERLAP_RECOUNT',
      },
    );
  }
  await tx.$executeRaw`SET LOCAL lock_timeout TO DEFAULT`;
}

/** Submitted diagnoses of the checkpoint result aliased `r`. */
export const SUBMITTED_COUNT_SQL = Prisma.sql`(SELECT count(*) FROM "Diagnosis" sd WHERE sd."checkpointResultId" = r.id AND sd."status" = 'SUBMITTED')`;

export async function overlapForTask(tx: Tx, taskId: string): Promise<number> {
  const [row] = await tx.$queryRaw<
    { k: number }[]
  >`SELECT ${overlapKSql(Prisma.sql`k`)}::int AS k FROM "Task" k WHERE k.id = ${taskId}`;
  return row?.k ?? 1;
}

export type OverlapSettingView = { id: string; benchmark: string; ability: string; k: number; updatedAt: string };

export async function listOverlapSettings(
  actor: Actor,
): Promise<{ settings: OverlapSettingView[]; scopes: { benchmark: string; abilities: string[] }[] }> {
  requirePermission(actor, 'admin:settings');
  const [rows, tasks] = await Promise.all([
    prisma.overlapSetting.findMany({
      select: { id: true, benchmark: true, ability: true, k: true, updatedAt: true },
      orderBy: [{ benchmark: 'asc' }, { ability: 'asc' }],
    }),
    prisma.task.findMany({
      distinct: ['benchmark', 'ability'],
      select: { benchmark: true, ability: true },
      orderBy: [{ benchmark: 'asc' }, { ability: 'asc' }],
      take: 2000,
    }),
  ]);
  const scopes = new Map<string, Set<string>>();
  for (const t of tasks) {
    const set = scopes.get(t.benchmark) ?? new Set<string>();
    if (t.ability) set.add(t.ability);
    scopes.set(t.benchmark, set);
  }
  return {
    settings: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    scopes: [...scopes.entries()].map(([benchmark, abilities]) => ({ benchmark, abilities: [...abilities].sort() })),
  };
}

export const overlapInputSchema = z.strictObject({
  benchmark: z.string().trim().min(1, 'benchmark is required').max(200),
  ability: z.string().trim().max(200).optional().default(''),
  k: z.coerce
    .number()
    .int('k must be a whole number')
    .min(1, 'k must be at least 1')
    .max(MAX_OVERLAP_K, `k must be at most ${MAX_OVERLAP_K}`),
});

/**
 * The recount rewrites every trajectory of the benchmark whose count changes:
 * on a large benchmark that comes too near Prisma's default of 5 s for an
 * interactive transaction.
 */
const RECOUNT_TIMEOUT_MS = 60_000;

/**
 * Sets k for a benchmark/ability and recounts the pending checkpoints of every
 * trajectory it covers in the same transaction, so the queue follows at once
 * (alone: see lockOverlapForWriting).
 * k = 1 removes the row (the default).
 */
export async function setOverlap(actor: Actor, raw: unknown): Promise<OverlapSettingView | null> {
  requirePermission(actor, 'admin:settings');
  const input = overlapInputSchema.parse(raw);
  await assertOverlapScope(input);
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${overlapLock(Prisma.sql`${input.benchmark}`)})`;
      const key = { benchmark_ability: { benchmark: input.benchmark, ability: input.ability } };
      const before = await tx.overlapSetting.findUnique({ where: key });
      let row = null;
      if (input.k === 1 && input.ability === '')
        await tx.overlapSetting.deleteMany({ where: { benchmark: input.benchmark, ability: '' } });
      else
        row = await tx.overlapSetting.upsert({
          where: key,
          create: { ...input, updatedById: actor.userId },
          update: { k: input.k, updatedById: actor.userId },
        });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'overlap.set',
        entityType: 'OverlapSetting',
        entityId: row?.id ?? before?.id ?? `${input.benchmark}/${input.ability}`,
        before: before ? { k: before.k } : { k: 1 },
        after: input,
      });
      await recountPendingWhere(
        tx,
        Prisma.sql`k."benchmark" = ${input.benchmark}${input.ability ? Prisma.sql` AND k."ability" = ${input.ability}` : Prisma.empty}`,
      );
      return row
        ? {
            id: row.id,
            benchmark: row.benchmark,
            ability: row.ability,
            k: row.k,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null;
    },
    { timeout: RECOUNT_TIMEOUT_MS },
  );
}

/**
 * The pendingCount of each trajectory of the tasks matching `taskCondition`
 * (over `"Task" k`), in one statement, from the rows' checkpoint lists. Only
 * rows whose count changes are written: a trajectory the new k does not
 * affect (one without failed checkpoints, or one nobody has diagnosed when k
 * goes from 2 to 3) keeps its row version.
 */
export async function recountPendingWhere(tx: Tx, taskCondition: Prisma.Sql): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Trajectory" u SET "pendingCount" = s.n
    FROM (SELECT t.id, ${pendingCountSql(overlapKSql())} AS n FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" WHERE ${taskCondition}) s
    WHERE u.id = s.id AND u."pendingCount" <> s.n`;
}

/**
 * Failed checkpoints of a trajectory the user could still diagnose: fewer than
 * k submissions and none of them theirs. 0 ⇒ the trajectory is done for them.
 * Read from the row's checkpoint list, which the summary recount has already
 * brought up to date when it runs after the caller's write in the same transaction.
 */
export async function pendingForUser(tx: Tx, trajectoryId: string, userId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    SELECT jsonb_array_length(${openCheckpointsSql(userId, overlapKSql())})::int AS n FROM "Trajectory" t WHERE t.id = ${trajectoryId}`;
  return row?.n ?? 0;
}

/**
 * Queue condition (over `t`, next to the queue's `"pendingCount" > 0`): the
 * trajectory still has a checkpoint this user may diagnose, read from the row
 * alone (open-checkpoints.ts). Cheapest test first:
 * - "diagnosedCount" (summary trigger) = 0: no failed checkpoint has a
 *   submission, so every one is open: most of a queue passes on one integer.
 * - The user submitted on none of them: a pending checkpoint (there is one,
 *   "pendingCount" > 0) is then open to them. Every row of a user who has not
 *   diagnosed it passes here, without the row's k (two look-ups) and the jsonpath.
 * - Else the full test, for the rows the user has diagnosed.
 */
export function notDoneByUser(userId: string): Prisma.Sql {
  return Prisma.sql`(t."diagnosedCount" = 0 OR NOT ${userSubmittedOnRowSql(userId)} OR ${hasOpenCheckpointSql(userId, overlapKSql())})`;
}
