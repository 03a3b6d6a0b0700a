import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import type { LiveChannel } from './channels';
import { ensureListener, onLiveChange } from './listener';

/**
 * Counts for list pages without an exact count(*) over a large set on every
 * request. Up to EXACT_UP_TO rows are counted exactly every time (a bounded
 * scan, so small lists and tests see every change at once). A larger count
 * runs once and is cached per key:
 *
 * - Every process marks its cached counts stale when PostgreSQL notifies a
 *   change on one of the channels (LISTEN/NOTIFY, so all replicas agree); the
 *   next request recounts, and every request arriving meanwhile waits for that
 *   one count instead of starting its own (50 concurrent requests used to run
 *   50 copies of a 300 ms count: the p99 spikes of the queue rows).
 * - Without a notified change a count is served as is, and after MAX_AGE_MS it
 *   is recounted in the background while requests keep getting the previous
 *   value (the age bound only matters when the listener is down).
 */
export const EXACT_UP_TO = 1_000;
const MAX_AGE_MS = 10_000;

type Cached = {
  value: number;
  at: number;
  channels: LiveChannel[];
  // A change was notified since `value` was counted: do not serve it.
  changed: boolean;
  // Bumped on every notified change, so a count that started before one is not stored as fresh.
  generation: number;
  inflight?: Promise<number>;
};
const globalForCounts = globalThis as unknown as { __largeCounts?: Map<string, Cached>; __largeCountHooks?: Set<string> };
const cache: Map<string, Cached> = (globalForCounts.__largeCounts ??= new Map());
const hooked: Set<string> = (globalForCounts.__largeCountHooks ??= new Set());

function invalidateOn(channels: LiveChannel[]) {
  for (const channel of channels) {
    if (hooked.has(channel)) continue;
    hooked.add(channel);
    onLiveChange(channel, (change) => {
      for (const entry of cache.values()) {
        if (change !== 'resync' && !entry.channels.includes(channel)) continue;
        entry.changed = true;
        entry.generation += 1;
        entry.inflight = undefined;
      }
    });
  }
}

async function exactCount(from: Prisma.Sql): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM ${from}`;
  return Number(n);
}

/** The one recount of a cached key: concurrent callers share it. */
function recount(cacheKey: string, channels: LiveChannel[], from: Prisma.Sql): Promise<number> {
  const entry = cache.get(cacheKey) ?? { value: 0, at: 0, channels, changed: true, generation: 0 };
  cache.set(cacheKey, entry);
  if (entry.inflight) return entry.inflight;
  const startedIn = entry.generation;
  const run = exactCount(from).then(
    (value) => {
      if (entry.inflight === run) entry.inflight = undefined;
      // The set shrank below the exact range: count it exactly again from now on.
      if (value <= EXACT_UP_TO) cache.delete(cacheKey);
      else if (entry.generation === startedIn) Object.assign(entry, { value, at: Date.now(), changed: false });
      return value;
    },
    (err: unknown) => {
      if (entry.inflight === run) entry.inflight = undefined;
      throw err;
    },
  );
  entry.inflight = run;
  return run;
}

/** `SELECT count(*) FROM <from>` with the policy above. `from` is everything after FROM (tables and WHERE). */
export async function countWithCache(invalidatedBy: LiveChannel[], key: string, from: Prisma.Sql): Promise<{ count: number; cached: boolean }> {
  const cacheKey = `${invalidatedBy.join(',')}~${key}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.at > 0 && !hit.changed) {
    if (Date.now() - hit.at >= MAX_AGE_MS && !hit.inflight) {
      recount(cacheKey, invalidatedBy, from).catch((err) => console.error('[counts] background recount failed', err));
    }
    return { count: hit.value, cached: true };
  }
  if (!hit) {
    const [{ n }] = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${EXACT_UP_TO + 1}) x`;
    if (Number(n) <= EXACT_UP_TO) return { count: Number(n), cached: false };
    invalidateOn(invalidatedBy);
    // Only processes that cache need to hear about changes; MAX_AGE_MS bounds staleness if the listener is down.
    ensureListener().catch((err) => console.error('[live] listener failed to start', err));
  }
  return { count: await recount(cacheKey, invalidatedBy, from), cached: false };
}
