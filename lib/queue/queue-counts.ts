import { Prisma } from '@prisma/client';
import { queryRows } from '@/lib/db/sql';
import { countWithCache } from '@/lib/live/large-count';
import { notDoneByUser } from './overlap';
import { QUEUE_FROM, queueConditions, SQL_NOW, type QueueFilter } from './queue-filters';

/**
 * Queue sizes without an exact count(*) over 50,000 rows on every request:
 * claimed items are few (one per annotator at work) and counted exactly from the
 * claims side every time; the size of the queue goes through countWithCache
 * (exact up to 1,000, else cached until the next queue change is notified).
 */
export type QueueSizes = { total: number; claimed: number; claimedBy: (userId: string) => number; cached: boolean; doneToday: number };

/** Midnight UTC today: "done today" counts diagnoses submitted since. */
function startOfUtcDay(): Date {
  const midnight = new Date();
  midnight.setUTCHours(0, 0, 0, 0);
  return midnight;
}

function cacheKey(filter: QueueFilter, userId: string): string {
  const { assignee: _ignored, ...rest } = filter;
  return JSON.stringify({ ...rest, userId });
}

/**
 * Sizes of the queue under `filter`: total, items with a live claim, live
 * claims per holder (for "mine" and an assignee filter), and the diagnoses the
 * caller submitted today (their progress), in one small statement besides the
 * cached total: every statement is a round trip, which on a busy replica costs
 * more than these queries themselves.
 */
export async function queueSizes(filter: QueueFilter, userId: string): Promise<QueueSizes> {
  // Per annotator: under overlap k > 1 an item stays queued for others after you submitted, not for you.
  const where = Prisma.join([...queueConditions(filter), notDoneByUser(userId)], ' AND ');
  const [{ total, cached }, holders] = await Promise.all([
    countWithCache(['queue'], cacheKey(filter, userId), Prisma.sql`${QUEUE_FROM} WHERE ${where}`).then((r) => ({ total: r.count, cached: r.cached })),
    // From the live claims outwards (a handful of rows), each checked against the filters by primary key.
    // OFFSET 0 keeps the check a per-claim probe: joined freely, the planner met the claims with a merge join
    // that walked the trajectories' primary key first (4–8 ms for a filtered queue without a live claim).
    queryRows<{ holders: { userId: string; n: number }[]; done: bigint }>(Prisma.sql`
      SELECT coalesce((
        SELECT json_agg(json_build_object('userId', h."userId", 'n', h.n)) FROM (
          SELECT c."userId", count(*) AS n
          FROM "QueueClaim" c CROSS JOIN LATERAL (
            SELECT 1 FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" WHERE t.id = c."trajectoryId" AND ${where} OFFSET 0
          ) q
          WHERE c."expiresAt" > ${SQL_NOW} GROUP BY c."userId") h), '[]'::json) AS holders,
        (SELECT count(*) FROM "Diagnosis" d
         WHERE d."authorId" = ${userId} AND d.status = 'SUBMITTED' AND d."submittedAt" >= ${startOfUtcDay()}) AS done`).then((r) => r[0]),
  ]);
  const byHolder = new Map(holders.holders.map((h) => [h.userId, h.n]));
  const claimed = [...byHolder.values()].reduce((a, b) => a + b, 0);
  // A cached total can lag a few seconds behind the claims; never show fewer items than claims.
  return { total: Math.max(total, claimed), claimed, claimedBy: (userId) => byHolder.get(userId) ?? 0, cached, doneToday: Number(holders.done) };
}
