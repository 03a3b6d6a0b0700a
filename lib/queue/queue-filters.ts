import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { unplannedText } from '@/lib/db/sql';
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

export const queueFilterSchema = z.object({
  benchmark: optional,
  ability: optional,
  model: optional,
  taskId: optional,
  // Key of a task checkpoint (e.g. "16_0") that must be failed and still pending.
  checkpointKey: optional,
  // undiagnosed: a failed checkpoint nobody has touched; draft: one with a draft but no submission.
  checkpointStatus: z.enum(CHECKPOINT_STATUSES).optional().default('any'),
  // any | unclaimed | mine | <userId>
  assignee: optional,
  // Only trajectories written by one import (the import report links here).
  importId: optional,
});
export type QueueFilter = z.infer<typeof queueFilterSchema>;

/** UTC "now" as a timestamp without time zone, the way Prisma stores DateTime columns. */
export const SQL_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/**
 * WHERE conditions over QUEUE_FROM (`"Trajectory" t LEFT JOIN "QueueClaim" c`):
 * a trajectory carries its task's benchmark, ability and external id, so no
 * condition reads the task. `assignee` is handled by the caller (list and
 * "next" treat it differently).
 */
export function queueConditions(f: QueueFilter): Prisma.Sql[] {
  const where: Prisma.Sql[] = [Prisma.sql`t."pendingCount" > 0`];
  if (f.benchmark) where.push(Prisma.sql`t."benchmark" = ${f.benchmark}`);
  if (f.ability) where.push(Prisma.sql`t."ability" = ${f.ability}`);
  if (f.model) where.push(modelCondition(f.model));
  // People type the benchmark's task id ("airline/16"); links carry the internal id. Accept both.
  if (f.taskId) where.push(Prisma.sql`(t."taskId" = ${f.taskId} OR t."taskExternalId" = ${f.taskId})`);
  if (f.importId) where.push(Prisma.sql`t."importJobId" = ${f.importId}`);
  if (f.checkpointKey || f.checkpointStatus !== 'any') {
    const parts: Prisma.Sql[] = [
      Prisma.sql`r."trajectoryId" = t.id`,
      Prisma.sql`r."passed" = false`,
      // Still pending: fewer submissions than the overlap k (1 unless an admin set more).
      Prisma.sql`${SUBMITTED_COUNT_SQL} < ${overlapKSql()}`,
    ];
    if (f.checkpointKey) parts.push(Prisma.sql`tc."key" = ${f.checkpointKey}`);
    if (f.checkpointStatus === 'undiagnosed') parts.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = r.id)`);
    if (f.checkpointStatus === 'draft') parts.push(Prisma.sql`EXISTS (SELECT 1 FROM "Diagnosis" d WHERE d."checkpointResultId" = r.id AND d."status" = 'DRAFT')`);
    where.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "CheckpointResult" r JOIN "TaskCheckpoint" tc ON tc.id = r."checkpointId" WHERE ${Prisma.join(parts, ' AND ')})`,
    );
  }
  return where;
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
 * a range (`>= m AND <= m`) was so low that it sorted instead (84 ms).
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
