import { Prisma, type Trajectory } from '@prisma/client';
import { z } from 'zod';
import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { isoTime, literalInt, queryRows } from '@/lib/db/sql';
import { RUN_LEVEL_KEY } from '@/lib/trajectories/run-target';
import { pageAndTotal } from '@/lib/live/large-count';
import { cursorQuerySchema, cursorsOf, inListOrder, keysetPage, keysetPageOf } from '@/lib/http/keyset';
import { pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { failedCheckpointsSchema, openCheckpointsSql } from './open-checkpoints';
import { overlapKSql } from './overlap';
import { progressFrom, type Progress } from './progress';
import {
  claimSizesSql,
  queueCount,
  queueTotal,
  queueWhere,
  sizesFrom,
  type ClaimSizesRow,
  type QueueSizes,
} from './queue-counts';
import {
  assigneeCondition,
  QUEUE_FROM,
  parseQueueFilter,
  queueOrderColumn,
  SQL_NOW,
  type QueueFilter,
} from './queue-filters';

export type QueueItem = {
  trajectoryId: string;
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  ability: string | null;
  instruction: string;
  model: string;
  agent: string | null;
  trial: number | null;
  /** The run's own outcome: a passed run can still have failed checkpoints (τ²-bench scores reward on the DB only). */
  passed: boolean;
  /** The source's termination reason (τ²-bench `max_steps`, `too_many_errors`, `user_stop`…), if any. */
  outcomeReason: string | null;
  failedCount: number;
  pendingCount: number;
  /** Failed checkpoints awaiting this user's diagnosis, with submissions so far and the overlap k. */
  failedCheckpoints: QueueCheckpoint[];
  /**
   * A run-level item: the run failed without a failed checkpoint result, and awaits this user's diagnosis of
   * the run as a whole (submissions so far and k); null for a checkpoint item.
   */
  runLevel: { submitted: number; k: number } | null;
  claim: { userId: string; userName: string; expiresAt: string; assignedBy: string | null } | null;
  createdAt: string;
};

export type QueueCheckpoint = {
  key: string;
  name: string;
  submitted: number;
  k: number;
  /** Partial credit of a checkpoint worth more than one point (TheAgentCompany), else null. */
  points?: { score: number | null; total: number } | null;
};

/** `checkpoint` and `runLevel` split `total` by kind (under the kind filter, one of them is the total). */
export type QueueCounts = {
  total: number;
  unclaimed: number;
  claimed: number;
  mine: number;
  checkpoint: number;
  runLevel: number;
};

// `cursors`: keyset positions for the next (`after`) and previous (`before`) page (lib/http/keyset.ts).
export type QueueList = Page<QueueItem> & {
  counts: QueueCounts;
  progress: Progress;
  cursors: { after: string | null; before: string | null };
};

// The console's queue page is 25 rows; an API caller gets the same unless it asks for more (up to 200).
const queuePageSchema = pageQuerySchema.extend({ pageSize: z.coerce.number().int().min(1).max(200).default(25) });

/** A queue row: the trajectory's own columns (the task's fields are copied onto it), its open checkpoints and claim. */
type QueueRow = Pick<
  Trajectory,
  | 'id'
  | 'taskId'
  | 'taskExternalId'
  | 'benchmark'
  | 'ability'
  | 'instructionExcerpt'
  | 'model'
  | 'agent'
  | 'trial'
  | 'passed'
  | 'outcomeReason'
  | 'failedCount'
  | 'pendingCount'
> & {
  createdAt: string;
  /** The failed checkpoints still open to the caller (open-checkpoints.ts), and k. */
  k: number;
  openCheckpoints: unknown;
  claimUserId: string | null;
  claimUserName: string | null;
  claimExpiresAt: string | null;
  claimAssignedBy: string | null;
};

// The claim sizes come on one row of the page (null on the others); an empty page is one row with them and no id.
type PageRow = { [K in keyof ClaimSizesRow]: ClaimSizesRow[K] | null } & (QueueRow | { [K in keyof QueueRow]: null });

/**
 * One page of queue rows and the queue's claim sizes (queue-counts.ts) in one
 * statement. The page's ids come first (an ordered scan of the queue's partial
 * index that stops after the page), then the row details and failed
 * checkpoints for those rows only. (Computed in one SELECT, the checkpoint
 * subquery would also run for every row OFFSET skips, and with the details
 * in the page subquery a deep OFFSET page sorts wide rows instead of ids and
 * spills to disk.)
 * The page rows are fetched again by the tuple ids (ctid) the page scan read
 * them at: a TID scan, not a second primary-key descent per row.
 * Within one statement a ctid names the row version its snapshot sees.
 * Nothing is read from the tasks: a trajectory carries its task's benchmark,
 * ability, external id and instruction excerpt (queue_task_fields migration;
 * the task join was a third of the statement's PostgreSQL time).
 * A row's live claim, with its holder and assigner, is one probe of the
 * claim's unique index; joined as three outer joins, each of the 25 rows was
 * compared with every user, the claim's expiry checked per pair.
 * The claim sizes are the one row everything is joined to, so an empty page
 * still returns them (as one row without an id); they are sent on one row
 * only (every value a row carries is decoded on the Node side).
 * The page subquery is named `t` so that the list order (keysetPage over `t`) sorts its output.
 * The row's checkpoints are the ones awaiting *this user's* diagnosis (fewer than k submissions, none theirs):
 * under overlap k > 1 a checkpoint someone else already diagnosed still awaits the next annotator. They come
 * from the row's own list (open-checkpoints.ts), which while no checkpoint has a submission ("diagnosedCount"
 * = 0) is all of them. The row's k is computed once for both (OFFSET 0: pulled up, it ran once per use).
 */
function pageWithClaimSizes(
  where: Prisma.Sql,
  sizesWhere: Prisma.Sql,
  orderBy: Prisma.Sql,
  userId: string,
  skip: number,
  take: number,
) {
  return queryRows<PageRow>(Prisma.sql`
    SELECT CASE WHEN row_number() OVER () = 1 THEN s.holders END AS holders, CASE WHEN row_number() OVER () = 1 THEN s.done END AS done,
           t.id, t."taskId", t."taskExternalId", t.benchmark, t.ability, t."instructionExcerpt", t.model, t.agent, t.trial, t.passed, t."outcomeReason",
           t."failedCount", t."pendingCount", ${isoTime(Prisma.sql`t."createdAt"`)} AS "createdAt", t.k, t."openCheckpoints",
           t."claimUserId", t."claimUserName", ${isoTime(Prisma.sql`t."claimExpiresAt"`)} AS "claimExpiresAt", t."claimAssignedBy"
    FROM (${claimSizesSql(sizesWhere, userId)}) s LEFT JOIN LATERAL (
      SELECT t.id, t."taskId", t."taskExternalId", t.benchmark, t.ability, t."instructionExcerpt",
             t.model, t.agent, t.trial, t.passed, t."outcomeReason", t."failedCount", t."pendingCount", t."createdAt",
             ok.k, CASE WHEN t."diagnosedCount" = 0 THEN t."failedCheckpoints" ELSE ${openCheckpointsSql(userId, Prisma.sql`ok.k`)} END AS "openCheckpoints",
             cl."userId" AS "claimUserId", cl."userName" AS "claimUserName", cl."expiresAt" AS "claimExpiresAt", cl."assignedBy" AS "claimAssignedBy"
      FROM (SELECT t.ctid AS "trajectoryTid" FROM ${QUEUE_FROM} WHERE ${where} ORDER BY ${orderBy} OFFSET ${literalInt(skip)} LIMIT ${literalInt(take)}) page
        JOIN "Trajectory" t ON t.ctid = page."trajectoryTid"
        CROSS JOIN LATERAL (SELECT ${overlapKSql()} AS k OFFSET 0) ok
        LEFT JOIN LATERAL (
          SELECT u.id AS "userId", u.name AS "userName", c."expiresAt", ab.name AS "assignedBy"
          FROM "QueueClaim" c JOIN "User" u ON u.id = c."userId" LEFT JOIN "User" ab ON ab.id = c."assignedById"
          WHERE c."trajectoryId" = t.id AND c."expiresAt" > ${SQL_NOW}) cl ON true
    ) t ON true
    ORDER BY ${orderBy}`);
}

function toItem(r: QueueRow): QueueItem {
  const open = failedCheckpointsSchema.parse(r.openCheckpoints);
  const run = open.find(isRunLevelEntry);
  return {
    trajectoryId: r.id,
    taskId: r.taskId,
    taskExternalId: r.taskExternalId,
    benchmark: r.benchmark,
    ability: r.ability,
    instruction: r.instructionExcerpt,
    model: r.model,
    agent: r.agent,
    trial: r.trial,
    passed: r.passed,
    outcomeReason: r.outcomeReason,
    failedCount: r.failedCount,
    pendingCount: r.pendingCount,
    failedCheckpoints: open
      .filter((c) => c !== run)
      .map(({ key, name, submitters }) => ({ key, name, submitted: submitters.length, k: r.k })),
    runLevel: run ? { submitted: run.submitters.length, k: r.k } : null,
    claim:
      r.claimUserId && r.claimExpiresAt
        ? {
            userId: r.claimUserId,
            userName: r.claimUserName ?? '',
            expiresAt: r.claimExpiresAt,
            assignedBy: r.claimAssignedBy,
          }
        : null,
    createdAt: r.createdAt,
  };
}

/**
 * How many of the `total` items under `filter` are run-level items (the rest are checkpoint items), with
 * no statement when it is known: the kind filter decides it, or the page holds the whole list (`wholePage`).
 * Otherwise one count under the same policy as the total (queue-counts.ts). Run-level items are few, so
 * their count stays in the exact range.
 */
async function runLevelItems(
  filter: QueueFilter,
  userId: string,
  total: number,
  wholePage: QueueRow[] | null,
): Promise<number> {
  if (filter.kind === 'run-level') return total;
  if (filter.kind === 'checkpoint') return 0;
  if (wholePage)
    return wholePage.filter((r) => failedCheckpointsSchema.parse(r.openCheckpoints).some(isRunLevelEntry)).length;
  return Math.min(total, (await queueTotal({ ...filter, kind: 'run-level' }, userId)).count);
}

const isRunLevelEntry = (c: { key: string }) => c.key === RUN_LEVEL_KEY;

/** How many items the assignee filter leaves, from the queue sizes (no second count over the queue). */
function assigneeTotal(sizes: QueueSizes, assignee: string | undefined, meId: string): number {
  if (!assignee || assignee === 'any') return sizes.total;
  if (assignee === 'unclaimed') return sizes.total - sizes.claimed;
  return sizes.claimedBy(assignee === 'mine' ? meId : assignee);
}

/**
 * The queue: trajectories with at least one failed checkpoint still lacking a
 * submitted diagnosis, and failed runs without a failed checkpoint result, diagnosed as a whole
 * (run-level items; `kind` filters them, `counts` counts them apart), filtered, with counts by claim state and one page of
 * items (instructions cut to an excerpt). One statement for the page and the
 * claim sizes; see queue-counts.ts for why no count(*) over the whole queue runs per request.
 */
export async function listQueue(actor: Actor, input: Record<string, unknown>): Promise<QueueList> {
  requirePermission(actor, 'queue:work');
  const filter = await parseQueueFilter(input);
  const page = queuePageSchema.parse(input);
  const cursor = cursorQuerySchema.parse(input);
  const keyset = keysetPage('t', 'asc', cursor, queueOrderColumn(filter));
  const base = queueWhere(filter, actor.userId);
  const assignee = assigneeCondition(filter.assignee, actor.userId);
  const where = Prisma.join([base, ...(assignee ? [assignee] : []), ...(keyset.where ? [keyset.where] : [])], ' AND ');
  // A cursor replaces OFFSET: the page is one range scan of the queue index, however deep.
  const { skip, take } = cursor.after || cursor.before ? { skip: 0, take: page.pageSize } : toPrismaPage(page);
  // Without an assignee filter, a short first page is the whole queue under the filters (an empty page is one row without an id).
  const firstPage = skip === 0 && !cursor.after && !cursor.before && !assignee;
  const [read, total] = await pageAndTotal(
    queueCount(filter, actor.userId),
    () => pageWithClaimSizes(where, base, keyset.orderBy, actor.userId, skip, take),
    firstPage
      ? (rows) => {
          const n = rows.filter((r) => r.id !== null).length;
          return n < take ? n : null;
        }
      : null,
  );
  const sizesRow = read.find((r): r is ClaimSizesRow & PageRow => r.holders !== null);
  if (!sizesRow) throw new Error('queue page: no row carried the claim sizes');
  const sizes = sizesFrom(total, sizesRow);
  const rows = inListOrder(
    read.filter((r): r is PageRow & QueueRow => r.id !== null),
    keyset.reversed,
  );
  const mine = sizes.claimedBy(actor.userId);
  const runLevel = await runLevelItems(
    filter,
    actor.userId,
    sizes.total,
    firstPage && rows.length < take ? rows : null,
  );
  const counts = {
    total: sizes.total,
    unclaimed: sizes.total - sizes.claimed,
    claimed: sizes.claimed,
    mine,
    checkpoint: sizes.total - runLevel,
    runLevel,
  };
  const listed = keysetPageOf(rows, assigneeTotal(sizes, filter.assignee, actor.userId), page, toItem, cursorsOf);
  return {
    ...listed,
    items: await withPoints(listed.items),
    counts,
    // The caller's progress comes from the same counts: no second pass over the queue.
    progress: progressFrom(counts, sizes.doneToday),
  };
}

/**
 * The points of the page's failed checkpoints worth more than one point: one indexed lookup for the
 * page (the queue's list column keeps keys and submitters only), so "1 of 2 points" shows on the row.
 */
async function withPoints(items: QueueItem[]): Promise<QueueItem[]> {
  if (!items.length) return items;
  // Through the read pool's prepared statement, as the page itself: a Prisma query here cost the
  // queue more Node time per request than the page statement.
  const scored = await queryRows<{ trajectoryId: string; key: string; score: number | null; total: number }>(
    Prisma.sql`SELECT r."trajectoryId", c."key", r."score", r."total"
      FROM "CheckpointResult" r JOIN "TaskCheckpoint" c ON c.id = r."checkpointId"
      WHERE r."trajectoryId" = ANY(${items.map((i) => i.trajectoryId)}::text[]) AND NOT r."passed" AND r."total" > 1`,
  );
  if (!scored.length) return items;
  const points = new Map(scored.map((r) => [`${r.trajectoryId} ${r.key}`, { score: r.score, total: r.total }]));
  return items.map((it) => ({
    ...it,
    failedCheckpoints: it.failedCheckpoints.map((c) => ({
      ...c,
      points: points.get(`${it.trajectoryId} ${c.key}`) ?? null,
    })),
  }));
}

/** Values for the filter drop-downs: what is actually in the queue right now. */
export async function queueFacets(actor: Actor) {
  requirePermission(actor, 'queue:work');
  const rows = await prisma.$queryRaw<{ benchmark: string; ability: string | null; model: string }[]>`
    SELECT DISTINCT t."benchmark", t."ability", t."model" FROM "Trajectory" t
    WHERE t."pendingCount" > 0 ORDER BY 1, 2, 3 LIMIT 2000`;
  const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
  // Only admins assign, so only they need the list of people.
  const annotators = !can(actor.role, 'queue:assign')
    ? []
    : await prisma.user.findMany({
        where: { active: true, role: { in: ['ANNOTATOR', 'REVIEWER', 'ADMIN'] } },
        select: { id: true, name: true, email: true },
        orderBy: { name: 'asc' },
      });
  return {
    benchmarks: uniq(rows.map((r) => r.benchmark)),
    abilities: uniq(rows.map((r) => r.ability)),
    models: uniq(rows.map((r) => r.model)),
    annotators,
  };
}
export type QueueFacets = Awaited<ReturnType<typeof queueFacets>>;
