import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma, type Tx } from '@/lib/db/prisma';
import { unplannedText } from '@/lib/db/sql';

/**
 * Overlap k (annotator agreement): each failed checkpoint of a benchmark (or
 * of one ability of it) stays in the queue until k different annotators have
 * submitted a diagnosis. No setting means k = 1, the single-annotator queue.
 */
export const MAX_OVERLAP_K = 10;

/**
 * k for the row aliased `row` in the surrounding SQL: the ability's own
 * setting, else the benchmark-wide one (ability ""), else 1. The row is a
 * trajectory (which carries its task's benchmark and ability, see the
 * queue_task_fields migration) or a task.
 */
export function overlapKSql(row: Prisma.Sql = Prisma.sql`t`): Prisma.Sql {
  return Prisma.sql`COALESCE(
    (SELECT o."k" FROM "OverlapSetting" o WHERE o."benchmark" = ${row}."benchmark" AND o."ability" = COALESCE(${row}."ability", '') AND o."ability" <> ''),
    (SELECT o."k" FROM "OverlapSetting" o WHERE o."benchmark" = ${row}."benchmark" AND o."ability" = ''),
    1)`;
}

/** Submitted diagnoses of the checkpoint result aliased `r`. */
export const SUBMITTED_COUNT_SQL = Prisma.sql`(SELECT count(*) FROM "Diagnosis" sd WHERE sd."checkpointResultId" = r.id AND sd."status" = 'SUBMITTED')`;

export async function overlapForTask(tx: Tx, taskId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ k: number }[]>`SELECT ${overlapKSql(Prisma.sql`k`)}::int AS k FROM "Task" k WHERE k.id = ${taskId}`;
  return row?.k ?? 1;
}

export type OverlapSettingView = { id: string; benchmark: string; ability: string; k: number; updatedAt: string };

export async function listOverlapSettings(actor: Actor): Promise<{ settings: OverlapSettingView[]; scopes: { benchmark: string; abilities: string[] }[] }> {
  requirePermission(actor, 'admin:settings');
  const [rows, tasks] = await Promise.all([
    prisma.overlapSetting.findMany({ orderBy: [{ benchmark: 'asc' }, { ability: 'asc' }] }),
    prisma.task.findMany({ distinct: ['benchmark', 'ability'], select: { benchmark: true, ability: true }, orderBy: [{ benchmark: 'asc' }, { ability: 'asc' }], take: 2000 }),
  ]);
  const scopes = new Map<string, Set<string>>();
  for (const t of tasks) {
    const set = scopes.get(t.benchmark) ?? new Set<string>();
    if (t.ability) set.add(t.ability);
    scopes.set(t.benchmark, set);
  }
  return {
    settings: rows.map((r) => ({ id: r.id, benchmark: r.benchmark, ability: r.ability, k: r.k, updatedAt: r.updatedAt.toISOString() })),
    scopes: [...scopes.entries()].map(([benchmark, abilities]) => ({ benchmark, abilities: [...abilities].sort() })),
  };
}

export const overlapInputSchema = z.object({
  benchmark: z.string().trim().min(1, 'benchmark is required').max(200),
  ability: z.string().trim().max(200).optional().default(''),
  k: z.coerce.number().int('k must be a whole number').min(1, 'k must be at least 1').max(MAX_OVERLAP_K, `k must be at most ${MAX_OVERLAP_K}`),
});

/**
 * Sets k for a benchmark/ability and recounts the pending checkpoints of every
 * trajectory it covers in the same transaction, so the queue follows at once.
 * k = 1 removes the row (the default).
 */
export async function setOverlap(actor: Actor, raw: unknown): Promise<OverlapSettingView | null> {
  requirePermission(actor, 'admin:settings');
  const input = overlapInputSchema.parse(raw);
  return prisma.$transaction(async (tx) => {
    const key = { benchmark_ability: { benchmark: input.benchmark, ability: input.ability } };
    const before = await tx.overlapSetting.findUnique({ where: key });
    let row = null;
    if (input.k === 1 && input.ability === '') await tx.overlapSetting.deleteMany({ where: { benchmark: input.benchmark, ability: '' } });
    else row = await tx.overlapSetting.upsert({ where: key, create: { ...input, updatedById: actor.userId }, update: { k: input.k, updatedById: actor.userId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'overlap.set',
      entityType: 'OverlapSetting',
      entityId: row?.id ?? before?.id ?? `${input.benchmark}/${input.ability}`,
      before: before ? { k: before.k } : { k: 1 },
      after: input,
    });
    await recountPendingWhere(tx, Prisma.sql`k."benchmark" = ${input.benchmark}${input.ability ? Prisma.sql` AND k."ability" = ${input.ability}` : Prisma.empty}`);
    return row ? { id: row.id, benchmark: row.benchmark, ability: row.ability, k: row.k, updatedAt: row.updatedAt.toISOString() } : null;
  });
}

/** The pendingCount of each trajectory of the tasks matching `taskCondition` (over `"Task" k`), in one statement. */
export async function recountPendingWhere(tx: Tx, taskCondition: Prisma.Sql): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Trajectory" t SET "pendingCount" = (
      SELECT count(*) FROM "CheckpointResult" r
      WHERE r."trajectoryId" = t.id AND r."passed" = false AND ${SUBMITTED_COUNT_SQL} < ${overlapKSql()})
    FROM "Task" k WHERE k.id = t."taskId" AND ${taskCondition}`;
}

/**
 * The checkpoint result aliased `r` (of the trajectory aliased `t`) is one
 * this user may still diagnose: failed, fewer than k submissions, none of them theirs.
 */
export function openForUserSql(userId: string): Prisma.Sql {
  return Prisma.sql`r."passed" = false AND ${SUBMITTED_COUNT_SQL} < ${overlapKSql()} AND ${notSubmittedBySql(userId)}`;
}

/** The checkpoint result aliased `r` has no submitted diagnosis by this user. */
export function notSubmittedBySql(userId: string): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (SELECT 1 FROM "Diagnosis" md WHERE md."checkpointResultId" = r.id AND md."authorId" = ${unplannedText(userId)} AND md."status" = 'SUBMITTED')`;
}

/**
 * Failed checkpoints of a trajectory the user could still diagnose: fewer than
 * k submissions and none of them theirs. 0 ⇒ the trajectory is done for them.
 */
export async function pendingForUser(tx: Tx, trajectoryId: string, userId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM "CheckpointResult" r JOIN "Trajectory" t ON t.id = r."trajectoryId"
    WHERE r."trajectoryId" = ${trajectoryId} AND ${openForUserSql(userId)}`;
  return Number(row?.n ?? 0);
}

/**
 * Queue condition (over `t`): the trajectory still has a checkpoint this
 * user may diagnose. Cheap for the common case: someone who has submitted
 * nothing on the trajectory passes on one index probe.
 */
export function notDoneByUser(userId: string): Prisma.Sql {
  // "diagnosedCount" (summary trigger) = 0: no failed checkpoint has a submitted diagnosis, so none is this
  // user's either: most of a queue passes on a column of the row, without a look-up in Diagnosis.
  // Both look-ups are probes of the row's own rows (OFFSET 0 keeps each one). Without it PostgreSQL may turn
  // an EXISTS into a hash of every match in the table, built on every request: all the user's submitted
  // diagnoses, or every failed checkpoint open to them. Not knowing whose queue it plans (unplannedText),
  // it guesses how many diagnoses are the user's from how many authors there are: with one annotator at
  // work (bench:api), all of them, and that hash read every diagnosis on every request (0.9 ms).
  return Prisma.sql`(t."diagnosedCount" = 0 OR NOT EXISTS (SELECT 1 FROM "Diagnosis" ud WHERE ud."trajectoryId" = t.id AND ud."authorId" = ${unplannedText(userId)} AND ud."status" = 'SUBMITTED' OFFSET 0)
    OR EXISTS (SELECT 1 FROM "CheckpointResult" r WHERE r."trajectoryId" = t.id AND ${openForUserSql(userId)} OFFSET 0))`;
}
