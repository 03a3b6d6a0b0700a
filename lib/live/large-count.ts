import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import type { LiveChannel } from './channels';
import { ensureListener, onLiveChange } from './listener';

/**
 * Counts for list pages without an exact count(*) over a large set on every
 * request. Up to EXACT_UP_TO rows are counted exactly every time (a bounded
 * scan, so small lists and tests see every change at once). A larger count
 * runs once and is cached per key for at most MAX_AGE_MS; every process drops
 * its cached counts when PostgreSQL notifies a change on one of the channels
 * (LISTEN/NOTIFY, so all replicas agree), which usually makes them fresh.
 */
export const EXACT_UP_TO = 1_000;
const MAX_AGE_MS = 10_000;

type Cached = { value: number; at: number; channels: LiveChannel[] };
const globalForCounts = globalThis as unknown as { __largeCounts?: Map<string, Cached>; __largeCountHooks?: Set<string> };
const cache: Map<string, Cached> = (globalForCounts.__largeCounts ??= new Map());
const hooked: Set<string> = (globalForCounts.__largeCountHooks ??= new Set());

function invalidateOn(channels: LiveChannel[]) {
  for (const channel of channels) {
    if (hooked.has(channel)) continue;
    hooked.add(channel);
    onLiveChange(channel, (change) => {
      for (const [key, entry] of cache) if (change === 'resync' || entry.channels.includes(channel)) cache.delete(key);
    });
  }
}

/** `SELECT count(*) FROM <from>` with the policy above. `from` is everything after FROM (tables and WHERE). */
export async function countWithCache(invalidatedBy: LiveChannel[], key: string, from: Prisma.Sql): Promise<{ count: number; cached: boolean }> {
  const cacheKey = `${invalidatedBy.join(',')}~${key}`;
  const hit = cache.get(cacheKey);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return { count: hit.value, cached: true };
  const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${EXACT_UP_TO + 1}) x`;
  if (Number(n) <= EXACT_UP_TO) return { count: Number(n), cached: false };
  const [{ all }] = await prisma.$queryRaw<{ all: bigint }[]>`SELECT count(*) AS "all" FROM ${from}`;
  invalidateOn(invalidatedBy);
  cache.set(cacheKey, { value: Number(all), at: Date.now(), channels: invalidatedBy });
  // Only processes that cache need to hear about changes; MAX_AGE_MS bounds staleness if the listener is down.
  ensureListener().catch((err) => console.error('[live] listener failed to start', err));
  return { count: Number(all), cached: false };
}
