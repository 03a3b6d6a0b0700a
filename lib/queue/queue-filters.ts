import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { literalInt, queryRows, unplannedText } from '@/lib/db/sql';
import { RUN_LEVEL_KEY } from '@/lib/trajectories/run-target';
import { cachedUntilChanged } from '@/lib/live/large-count';
import { pendingCheckpointKeySql, unsubmittedCheckpointSql } from './open-checkpoints';
import { overlapKSql, SUBMITTED_COUNT_SQL } from './overlap';

/**
 * Queue filters, shared by the list, the counts and "next" so the three can
 * never disagree about what is in the queue. Empty strings from forms mean "any".
 */
const optional = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));

export const CHECKPOINT_STATUSES = ['any', 'undiagnosed', 'draft'] as const;
/** checkpoint: items with failed checkpoints; run-level: failed runs without one, diagnosed as a whole. */
export const ITEM_KINDS = ['any', 'checkpoint', 'run-level'] as const;

/**
 * Runs that passed and failed only checks outside their reward basis (Trajectory.informationalOnly): left
 * out by default, since those failures did not count; `include` adds them, `only` lists just them.
 */
export const INFORMATIONAL_MODES = ['exclude', 'include', 'only'] as const;

export const queueFilterSchema = z.object({
  benchmark: optional,
  ability: optional,
  model: optional,
  taskId: optional,
  // Key of a task checkpoint (e.g. "16_0") that must be failed and still pending.
  checkpointKey: optional,
  // undiagnosed: a failed checkpoint nobody has touched; draft: one with a draft but no submission.
  checkpointStatus: z.enum(CHECKPOINT_STATUSES).optional().default('any'),
  kind: z
    .enum(ITEM_KINDS, { error: `kind is one of ${ITEM_KINDS.join(', ')}` })
    .optional()
    .default('any'),
  // any | unclaimed | mine | <userId>
  assignee: optional,
  // Only trajectories written by one import (the import report links here).
  importId: optional,
  informational: z.enum(INFORMATIONAL_MODES).optional().default('exclude'),
});
/**
 * A parsed filter (parseQueueFilter). `checkpointKeyCommon`, never taken from
 * the caller: whether many tasks have `checkpointKey`.
 */
export type QueueFilter = z.infer<typeof queueFilterSchema> & { checkpointKeyCommon?: boolean };

/**
 * Past this many tasks, a checkpoint key is one that most tasks have ("db",
 * "nl_0" in τ²-bench): matching rows are then common enough that walking the
 * queue in its order finds a page at once. Up to it (a task's own action ids:
 * one task each), the queue is read by those tasks' ids instead, a few dozen
 * rows, where the walk read all 50,000 rows looking for them (0.03x the no-op).
 */
const FEW_TASKS = 50;

/**
 * Whether more than FEW_TASKS tasks have `key`. Decided here rather than by
 * PostgreSQL: prepared, the page statement is planned once for every key, and
 * one plan cannot serve both kinds. Tasks and their checkpoints only arrive
 * by import, so the answer is kept until an import is notified (it only
 * picks the statement's shape: both shapes return the same rows).
 */
async function checkpointKeyCommon(key: string): Promise<boolean> {
  const { value } = await cachedUntilChanged(['imports'], `checkpoint-key-common:${key}`, async () => {
    const [{ n }] = await queryRows<{ n: bigint }>(
      Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM "TaskCheckpoint" WHERE "key" = ${key} LIMIT ${literalInt(FEW_TASKS + 1)}) x`,
    );
    return Number(n) > FEW_TASKS;
  });
  return value;
}

/**
 * The filter from the caller's input (zod), with a checkpoint key's kind (above). `strict` for a body that
 * holds only filters ("next"): a misspelt one (`benchmrk`) is refused instead of widening the claim to any
 * item. A list's query string also carries paging, and unknown parameters there are ignored.
 */
export async function parseQueueFilter(input: unknown, { strict = false } = {}): Promise<QueueFilter> {
  const filter: QueueFilter = (strict ? queueFilterSchema.strict() : queueFilterSchema).parse(input);
  return filter.checkpointKey
    ? { ...filter, checkpointKeyCommon: await checkpointKeyCommon(filter.checkpointKey) }
    : filter;
}

const HAS_DRAFT = Prisma.sql`EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."trajectoryId" = t.id AND d."status" = 'DRAFT')`;

/** UTC "now" as a timestamp without time zone, the way Prisma stores DateTime columns. */
export const SQL_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/**
 * WHERE conditions over QUEUE_FROM (`"Trajectory" t LEFT JOIN "QueueClaim" c`):
 * a trajectory carries its task's benchmark and ability, so no condition
 * reads the task per row (the task filter looks its ids up once).
 * `assignee` is handled by the caller (list and "next" treat it differently).
 */
export function queueConditions(f: QueueFilter): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`t."pendingCount" > 0`];
  if (f.informational === 'exclude') where.push(Prisma.sql`NOT t."informationalOnly"`);
  if (f.informational === 'only') where.push(Prisma.sql`t."informationalOnly"`);
  if (f.benchmark) where.push(Prisma.sql`t."benchmark" = ${f.benchmark}`);
  if (f.ability) where.push(Prisma.sql`t."ability" = ${f.ability}`);
  if (f.model) where.push(modelCondition(f.model));
  if (f.taskId) where.push(taskCondition(f.taskId));
  if (f.importId) where.push(Prisma.sql`t."importJobId" = ${f.importId}`);
  if (f.kind === 'run-level') where.push(RUN_LEVEL_ROW);
  if (f.kind === 'checkpoint') where.push(Prisma.sql`NOT ${RUN_LEVEL_ROW}`);
  if (f.checkpointKey) {
    if (!f.checkpointKeyCommon)
      where.push(
        Prisma.sql`t."taskId" = ANY(ARRAY(SELECT tc."taskId" FROM "TaskCheckpoint" tc WHERE tc."key" = ${f.checkpointKey}))`,
      );
    where.push(pendingCheckpointKeySql(f.checkpointKey, overlapKSql(), !f.checkpointKeyCommon));
  }
  if (f.checkpointStatus !== 'any') {
    // Drafts are not on the row's checkpoint list: the status filters read the diagnoses (the key, if given, narrows first).
    const parts: Prisma.Sql[] = [
      Prisma.sql`r."trajectoryId" = t.id`,
      Prisma.sql`r."passed" = false`,
      // Still pending: fewer submissions than the overlap k (1 unless an admin set more).
      Prisma.sql`${SUBMITTED_COUNT_SQL} < ${overlapKSql()}`,
    ];
    if (f.checkpointKey) parts.push(Prisma.sql`tc."key" = ${f.checkpointKey}`);
    if (f.checkpointStatus === 'undiagnosed')
      parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = r.id)`);
    if (f.checkpointStatus === 'draft')
      parts.push(
        Prisma.sql`EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = r.id AND d."status" = 'DRAFT')`,
      );
    const checkpoints = Prisma.sql`EXISTS (SELECT 1 FROM "CheckpointResult" r JOIN "TaskCheckpoint" tc ON tc.id = r."checkpointId" WHERE ${Prisma.join(parts, ' AND ')})`;
    // A run-level item has no checkpoint result: its status is read from its own diagnoses.
    const exact = f.checkpointKey
      ? checkpoints
      : Prisma.sql`(${checkpoints} OR ${runLevelStatusSql(f.checkpointStatus)})`;
    // Undiagnosed on a trajectory without drafts (nearly every one): a checkpoint without submitters on the
    // row's list. One probe for drafts instead of five per row (results, checkpoint, submissions, k, diagnoses).
    where.push(
      f.checkpointStatus === 'undiagnosed'
        ? Prisma.sql`(CASE WHEN ${HAS_DRAFT} THEN ${exact} ELSE ${unsubmittedCheckpointSql(f.checkpointKey)} END)`
        : exact,
    );
  }
  return where;
}

/**
 * Condition: the trajectory aliased `t` is a run-level item (a failed run without a failed checkpoint result).
 * A literal, not a parameter: the prepared statements' driver serialises a parameter typed jsonb as JSON
 * again, so a JSON text sent as one became a JSON string that no list contains.
 */
export const RUN_LEVEL_ROW = Prisma.sql`t."failedCheckpoints" @> ${Prisma.raw(`'${JSON.stringify([{ key: RUN_LEVEL_KEY }])}'::jsonb`)}`;

/** A run-level item still pending (fewer submissions than k), untouched or with a draft. */
function runLevelStatusSql(status: 'undiagnosed' | 'draft'): Prisma.Sql {
  const submitted = Prisma.sql`(SELECT count(*) FROM "Diagnosis" sd WHERE sd."runTrajectoryId" = t.id AND sd."status" = 'SUBMITTED')`;
  const touched =
    status === 'undiagnosed'
      ? Prisma.sql`NOT EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."runTrajectoryId" = t.id)`
      : Prisma.sql`EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."runTrajectoryId" = t.id AND d."status" = 'DRAFT')`;
  return Prisma.sql`(${RUN_LEVEL_ROW} AND ${submitted} < ${overlapKSql()} AND ${touched})`;
}

/**
 * People type the benchmark's task id ("airline/16"); links carry the internal
 * id. Both are resolved to task ids first, so the trajectories are read by
 * "taskId" (one task's, a few dozen rows, then sorted). As `"taskId" = $1 OR
 * "taskExternalId" = $1` on each trajectory, no index answered the OR and the
 * page walked the whole queue for the task's rows: 0.03x the no-op at 50,000.
 */
function taskCondition(taskId: string): Prisma.Sql {
  return Prisma.sql`t."taskId" = ANY(ARRAY(SELECT k.id FROM "Task" k WHERE k.id = ${taskId} OR k."externalId" = ${taskId}))`;
}

/**
 * The model filter as `= ANY(array of one)`, not `=`. With `=` the planner
 * takes the model as a constant, drops it from the queue order, and walks the
 * whole queue's (createdAt, id) index checking each row's model: imports
 * arrive one model at a time, so the first page of a model imported fourth
 * read 37,500 rows. With ANY, and the model leading the order
 * (queueOrderColumn), only `Trajectory_queue_model_order_idx` (model,
 * createdAt, id) gives that order, so a page is one range scan of it — also
 * in the generic plan of the prepared statement, whose selectivity guess for
 * a range (`>= m AND <= m`) is so low that it sorts instead.
 */
function modelCondition(model: string): Prisma.Sql {
  return Prisma.sql`t."model" = ANY(${[model]}::text[])`;
}

/** The column a filtered queue is ordered by before (createdAt, id), for keysetPage's `leading`. */
export function queueOrderColumn(f: QueueFilter): { column: Prisma.Sql; value: string } | undefined {
  return f.model ? { column: Prisma.sql`t."model"`, value: f.model } : undefined;
}

/** A claim that is missing or past its expiry frees the item. */
export const CLAIM_FREE = Prisma.sql`(c.id IS NULL OR c."expiresAt" <= ${SQL_NOW})`;

export function activeClaimBy(userId: string): Prisma.Sql {
  return Prisma.sql`(c."userId" = ${unplannedText(userId)} AND c."expiresAt" > ${SQL_NOW})`;
}

export function assigneeCondition(assignee: string | undefined, meId: string): Prisma.Sql | null {
  if (!assignee || assignee === 'any') return null;
  if (assignee === 'unclaimed') return CLAIM_FREE;
  return activeClaimBy(assignee === 'mine' ? meId : assignee);
}

export const QUEUE_FROM = Prisma.sql`"Trajectory" t LEFT JOIN "QueueClaim" c ON c."trajectoryId" = t.id`;
