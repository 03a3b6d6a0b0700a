import { Prisma } from '@prisma/client';
import { LRUCache } from 'lru-cache';
import { queryLong, queryRows } from '@/lib/db/sql';
import type { LiveChannel } from './channels';
import { ensureListener, listenerIsLive, onLiveChange } from './listener';

/**
 * Counts (and other aggregates) for list pages without an exact count(*) over a large set on every
 * request. Up to EXACT_UP_TO rows are counted exactly every time (a bounded
 * scan, so small lists and tests see every change at once). A larger count
 * runs once and is cached per key:
 *
 * - Every process marks its cached counts stale when PostgreSQL notifies a
 *   change on one of the channels (LISTEN/NOTIFY, so all replicas agree); the
 *   next request recounts, and every request arriving meanwhile waits for that
 *   one count instead of starting its own, so a burst of requests after a
 *   change runs one count, not one per request.
 * - Without a notified change a count is served as is for as long as the
 *   listener is live (`listenerIsLive`: it heard PostgreSQL within the last
 *   few seconds, so no change can have gone unheard). Only when it is not is
 *   a count older than MAX_AGE_MS recounted, in the background, while
 *   requests keep getting the previous value. (Recounting on a timer
 *   regardless would spend a count per key and replica with nothing changed,
 *   and show as latency spikes in list requests.)
 *
 * EXACT_UP_TO is 100, not 1,000: a bounded count of 1,000 rows is its own
 * statement on every request, which a list with 1,000 rows (the review inbox
 * with 1,000 open proposals) would pay on each one. The notified cache is as
 * exact for a list of 1,000 as for one of 50,000.
 */
export const EXACT_UP_TO = 100;
const MAX_AGE_MS = 10_000;
/**
 * Keys are per filter and search text, which people type freely: a replica
 * running for weeks would keep every one it was ever asked for, and walk them
 * all on each notified change. The least recently used beyond this many are
 * forgotten (their next request counts again, as on a fresh replica).
 */
export const CACHED_KEYS_MAX = 2_000;

type Cached = {
  value: unknown;
  at: number;
  channels: LiveChannel[];
  // A change was notified since `value` was computed: do not serve it.
  changed: boolean;
  // Bumped on every notified change, so a result computed from before one is not stored as fresh.
  generation: number;
  inflight?: Promise<unknown>;
};
const globalForCounts = globalThis as unknown as {
  __largeCounts?: LRUCache<string, Cached>;
  __largeCountHooks?: Set<string>;
};
const cache: LRUCache<string, Cached> = (globalForCounts.__largeCounts ??= new LRUCache({ max: CACHED_KEYS_MAX }));
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
  // Only processes that cache need to hear about changes; MAX_AGE_MS bounds staleness if the listener is down.
  ensureListener().catch((err) => console.error('[live] listener failed to start', err));
}

/** The one recomputation of a cached key: concurrent callers share it. `keep(value)` false drops the entry. */
function recompute<T>(
  cacheKey: string,
  channels: LiveChannel[],
  compute: () => Promise<T>,
  keep: (value: T) => boolean,
): Promise<T> {
  const entry = cache.get(cacheKey) ?? { value: undefined, at: 0, channels, changed: true, generation: 0 };
  cache.set(cacheKey, entry);
  if (entry.inflight) return entry.inflight as Promise<T>;
  const startedIn = entry.generation;
  const run: Promise<T> = compute().then(
    (value) => {
      if (entry.inflight === run) entry.inflight = undefined;
      if (keep(value)) {
        if (entry.generation === startedIn) Object.assign(entry, { value, at: Date.now(), changed: false });
      } else if (cache.peek(cacheKey) === entry) {
        // Only this entry: it may have been forgotten meanwhile and its key taken by a newer one.
        cache.delete(cacheKey);
      }
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

function fresh<T>(
  cacheKey: string,
  channels: LiveChannel[],
  compute: () => Promise<T>,
  keep: (value: T) => boolean,
): T | undefined {
  const hit = cache.get(cacheKey);
  if (!hit || hit.at === 0 || hit.changed) return undefined;
  if (Date.now() - hit.at >= MAX_AGE_MS && !hit.inflight && !listenerIsLive()) {
    recompute(cacheKey, channels, compute, keep).catch((err) =>
      console.error('[counts] background recount failed', err),
    );
  }
  return hit.value as T;
}

/**
 * Any list aggregate (facet counts, totals) under the policy above: computed
 * once, served until a change is notified on one of `channels` (then one shared
 * recomputation), recomputed in the background after MAX_AGE_MS.
 */
export async function cachedUntilChanged<T>(
  channels: LiveChannel[],
  key: string,
  compute: () => Promise<T>,
): Promise<{ value: T; cached: boolean }> {
  const cacheKey = `${channels.join(',')}~${key}`;
  const always = () => true;
  const hit = fresh(cacheKey, channels, compute, always);
  if (hit !== undefined) return { value: hit, cached: true };
  if (!cache.has(cacheKey)) invalidateOn(channels);
  return { value: await recompute(cacheKey, channels, compute, always), cached: false };
}

export type Count = { count: number; cached: boolean };

function countKey(invalidatedBy: LiveChannel[], key: string) {
  return `${invalidatedBy.join(',')}~count:${key}`;
}

// The full count can take a while (50,000 queue rows): on the long-statement pool, where it holds up no list request.
const exactCount = (from: Prisma.Sql) => async () =>
  Number((await queryLong<{ n: bigint }>(Prisma.sql`SELECT count(*) AS n FROM ${from}`))[0].n);
// The set shrank into the exact range: count it exactly again from now on.
const large = (n: number) => n > EXACT_UP_TO;

/**
 * The last count over EXACT_UP_TO that countWithCache computed for this key,
 * even if a change has been notified since; undefined if there is none (never
 * counted, or it shrank into the exact range). For choosing a statement's
 * shape by a list's size, where a stale answer changes the plan, not the rows.
 */
export function lastLargeCount(invalidatedBy: LiveChannel[], key: string): number | undefined {
  const hit = cache.get(countKey(invalidatedBy, key));
  return hit && hit.at !== 0 ? (hit.value as number) : undefined;
}

/** `SELECT count(*) FROM <from>` with the policy above. `from` is everything after FROM (tables and WHERE). */
export async function countWithCache(invalidatedBy: LiveChannel[], key: string, from: Prisma.Sql): Promise<Count> {
  const cacheKey = countKey(invalidatedBy, key);
  const exact = exactCount(from);
  const hit = fresh(cacheKey, invalidatedBy, exact, large);
  if (hit !== undefined) return { count: hit, cached: true };
  if (!cache.has(cacheKey)) {
    const [{ n }] = await queryRows<{ n: bigint }>(
      Prisma.sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} LIMIT ${EXACT_UP_TO + 1}) x`,
    );
    if (Number(n) <= EXACT_UP_TO) return { count: Number(n), cached: false };
    invalidateOn(invalidatedBy);
  }
  return { count: await recompute(cacheKey, invalidatedBy, exact, large), cached: false };
}

/** `wholeList` for a first page of at most `pageSize` rows: shorter than that, it holds the whole list. */
export function shortPage(pageSize: number): (rows: readonly unknown[]) => number | null {
  return (rows) => (rows.length < pageSize ? rows.length : null);
}

/**
 * A list page and its total, the total under countWithCache's policy, except
 * that a page holding the whole list tells it: `wholeList(page)` is the list's
 * length when the page holds all of it (a first page shorter than the page
 * size), else null. Then no count runs. A filter down to a few rows (one
 * task's trajectories, one checkpoint, a status with few proposals) otherwise
 * ran a second statement on every request to count the same rows again.
 * The page is read first only when a count would have to run (no cached
 * count) and the page may tell it (`wholeList` given: a first page); otherwise
 * both run side by side, as before.
 */
export async function pageAndTotal<P>(
  count: { invalidatedBy: LiveChannel[]; key: string; from: Prisma.Sql },
  read: () => Promise<P>,
  wholeList: ((page: P) => number | null) | null,
): Promise<[P, Count]> {
  const hit = fresh(countKey(count.invalidatedBy, count.key), count.invalidatedBy, exactCount(count.from), large);
  if (hit !== undefined) return [await read(), { count: hit, cached: true }];
  const counted = () => countWithCache(count.invalidatedBy, count.key, count.from);
  if (!wholeList) return Promise.all([read(), counted()]);
  const page = await read();
  const n = wholeList(page);
  return [page, n === null ? await counted() : { count: n, cached: false }];
}
