import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { ensureListener, onLiveChange } from '@/lib/live/listener';
import { QUEUE_FROM, queueConditions, SQL_NOW, type QueueFilter } from './queue-filters';

/**
 * Queue sizes without an exact count(*) over 50,000 rows on every request.
 *
 * - Claimed items are few (one per annotator at work): counted exactly from the
 *   claims side every time.
 * - The size of the queue is counted exactly up to EXACT_UP_TO rows (a bounded
 *   scan of the queue's partial index). Above that the exact count runs once and
 *   is cached for a few seconds per filter; every process drops its cache when
 *   PostgreSQL notifies a queue change (LISTEN/NOTIFY, so replicas agree), so a
 *   large count is at most CACHE_MS old and usually fresh.
 */
export const EXACT_UP_TO = 1_000;
const CACHE_MS = 10_000;

type Cached = { value: number; at: number };
const globalForCache = globalThis as unknown as { __queueTotals?: Map<string, Cached>; __queueTotalsHooked?: boolean };
const cache = (globalForCache.__queueTotals ??= new Map());
if (!globalForCache.__queueTotalsHooked) {
  globalForCache.__queueTotalsHooked = true;
  onLiveChange('queue', () => cache.clear());
}

export type QueueSizes = { total: number; claimed: number; claimedBy: (userId: string) => number; cached: boolean };

function cacheKey(filter: QueueFilter): string {
  const { assignee: _ignored, ...rest } = filter;
  return JSON.stringify(rest);
}

async function totalOf(filter: QueueFilter, where: Prisma.Sql): Promise<{ total: number; cached: boolean }> {
  const key = cacheKey(filter);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return { total: hit.value, cached: true };
  const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM (SELECT 1 FROM ${QUEUE_FROM} WHERE ${where} LIMIT ${EXACT_UP_TO + 1}) x`;
  if (Number(n) <= EXACT_UP_TO) return { total: Number(n), cached: false };
  const [{ all }] = await prisma.$queryRaw<{ all: bigint }[]>`SELECT count(*) AS "all" FROM ${QUEUE_FROM} WHERE ${where}`;
  cache.set(key, { value: Number(all), at: Date.now() });
  // Only processes that cache need to hear about changes; the TTL bounds staleness if the listener is down.
  ensureListener().catch((err) => console.error('[live] listener failed to start', err));
  return { total: Number(all), cached: false };
}

/**
 * Sizes of the queue under `filter`: total, items with a live claim, and live
 * claims per holder (for "mine" and an assignee filter). Two small queries.
 */
export async function queueSizes(filter: QueueFilter): Promise<QueueSizes> {
  const where = Prisma.join(queueConditions(filter), ' AND ');
  const [{ total, cached }, holders] = await Promise.all([
    totalOf(filter, where),
    prisma.$queryRaw<{ userId: string; n: bigint }[]>`
      SELECT c."userId", count(*) AS n FROM ${QUEUE_FROM}
      WHERE c."expiresAt" > ${SQL_NOW} AND ${where} GROUP BY c."userId"`,
  ]);
  const byHolder = new Map(holders.map((h) => [h.userId, Number(h.n)]));
  const claimed = [...byHolder.values()].reduce((a, b) => a + b, 0);
  // A cached total can lag a few seconds behind the claims; never show fewer items than claims.
  return { total: Math.max(total, claimed), claimed, claimedBy: (userId) => byHolder.get(userId) ?? 0, cached };
}
