import { Prisma } from '@prisma/client';
import { queryRows, unplannedText } from '@/lib/db/sql';
import type { LiveChannel } from '@/lib/live/channels';
import { countWithCache, type Count } from '@/lib/live/large-count';
import { notDoneByUser } from './overlap';
import { QUEUE_FROM, queueConditions, SQL_NOW, type QueueFilter } from './queue-filters';

/**
 * Queue sizes without an exact count(*) over 50,000 rows on every request:
 * claimed items are few (one per annotator at work) and counted exactly from the
 * claims side every time; the size of the queue goes through countWithCache
 * (exact up to 1,000, else cached until the next queue change is notified).
 */
export type QueueSizes = {
  total: number;
  claimed: number;
  claimedBy: (userId: string) => number;
  cached: boolean;
  doneToday: number;
};

/**
 * Midnight UTC today, by the database's clock: "done today" counts diagnoses
 * submitted since. Written in SQL, not sent as a parameter: given the date, a
 * plan of the queue page for today's few submissions looked cheaper than its
 * generic plan (which guesses a third of the caller's diagnoses), and
 * PostgreSQL planned the page anew on every request, for longer than it takes
 * to run. now() is the same for both plans, so one generic plan serves every day.
 */
const START_OF_UTC_DAY = Prisma.sql`date_trunc('day', ${SQL_NOW})`;

function cacheKey(filter: QueueFilter, userId: string): string {
  const { assignee: _ignored, ...rest } = filter;
  return JSON.stringify({ ...rest, userId });
}

/** What `claimSizesSql` selects: live claims per holder and the caller's diagnoses submitted today. */
export type ClaimSizesRow = { holders: { userId: string; n: number }[] | null; done: bigint | null };

/** The filters plus "not done by this user" (under overlap k > 1 an item stays queued for others after you submitted, not for you). */
export function queueWhere(filter: QueueFilter, userId: string): Prisma.Sql {
  return Prisma.join([...queueConditions(filter), notDoneByUser(userId)], ' AND ');
}

/**
 * One row: live claims per holder under `where` (from the claims outwards, a
 * handful of rows, each checked against the filters by primary key) and the
 * caller's diagnoses submitted today. The queue page runs it in its own
 * statement (list-queue.ts): every statement is a round trip, which on a busy
 * replica costs more than these queries themselves.
 * OFFSET 0 keeps the check a per-claim probe: joined freely, the planner met
 * the claims with a merge join that walked the trajectories' primary key first,
 * which is slowest for a filtered queue without a live claim.
 */
export function claimSizesSql(where: Prisma.Sql, userId: string): Prisma.Sql {
  return Prisma.sql`
    SELECT coalesce((
      SELECT json_agg(json_build_object('userId', h."userId", 'n', h.n)) FROM (
        SELECT c."userId", count(*) AS n
        FROM "QueueClaim" c CROSS JOIN LATERAL (
          SELECT 1 FROM "Trajectory" t WHERE t.id = c."trajectoryId" AND ${where} OFFSET 0
        ) q
        WHERE c."expiresAt" > ${SQL_NOW} GROUP BY c."userId") h), '[]'::json) AS holders,
      (SELECT count(*) FROM "Diagnosis" d
       WHERE d."authorId" = ${unplannedText(userId)} AND d.status = 'SUBMITTED' AND d."submittedAt" >= ${START_OF_UTC_DAY}) AS done`;
}

/** What counts the items under `filter` for this user (countWithCache's arguments). */
export function queueCount(filter: QueueFilter, userId: string) {
  return {
    invalidatedBy: ['queue'] as LiveChannel[],
    key: cacheKey(filter, userId),
    from: Prisma.sql`${QUEUE_FROM} WHERE ${queueWhere(filter, userId)}`,
  };
}

/** The number of items under `filter` for this user: exact up to 100, else cached until a queue change is notified. */
export function queueTotal(filter: QueueFilter, userId: string): Promise<Count> {
  const { invalidatedBy, key, from } = queueCount(filter, userId);
  return countWithCache(invalidatedBy, key, from);
}

/** Queue sizes from the total and the claim sizes row. */
export function sizesFrom(total: Count, claims: ClaimSizesRow): QueueSizes {
  const byHolder = new Map((claims.holders ?? []).map((h) => [h.userId, h.n]));
  const claimed = [...byHolder.values()].reduce((a, b) => a + b, 0);
  // A cached total can lag a few seconds behind the claims; never show fewer items than claims.
  return {
    total: Math.max(total.count, claimed),
    claimed,
    claimedBy: (userId) => byHolder.get(userId) ?? 0,
    cached: total.cached,
    doneToday: Number(claims.done ?? 0),
  };
}

/** Sizes of the queue under `filter` on their own (the progress endpoint): the cached total and one small statement. */
export async function queueSizes(filter: QueueFilter, userId: string): Promise<QueueSizes> {
  const [total, [claims]] = await Promise.all([
    queueTotal(filter, userId),
    queryRows<ClaimSizesRow>(claimSizesSql(queueWhere(filter, userId), userId)),
  ]);
  return sizesFrom(total, claims);
}
