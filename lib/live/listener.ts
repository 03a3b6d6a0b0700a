import postgres from 'postgres';
import { readSql } from '@/lib/db/sql';
import { env } from '@/lib/env';
import { liveChangeSchema, PG_CHANNEL, type LiveChange, type LiveChannel } from './channels';

/**
 * One LISTEN connection per process (the `postgres` package; Prisma keeps its
 * own driver), fanning PostgreSQL notifications out to in-process subscribers:
 * the server-sent-event streams of connected browsers and caches that must drop
 * stale values. NOTIFY reaches every process listening on the database, so a
 * change written through any replica is seen by all.
 *
 * `postgres` reconnects the listen connection by itself with backoff; after a
 * reconnect notifications sent meanwhile are lost, so subscribers get a
 * `resync` (refetch everything) instead.
 *
 * Whether the listener works is known from what it hears: every notification
 * on the channel (any process's) proves the path from PostgreSQL to here, and
 * a process that has heard nothing for PROBE_EVERY_MS sends itself a probe
 * (a payload that is not a change, which every process ignores). Caches use
 * `listenerIsLive()` to trust notifications instead of recounting by age.
 */
type Subscriber = { channel: LiveChannel | '*'; fn: (change: LiveChange | 'resync') => void };

type ListenerState = {
  sql: postgres.Sql;
  ready: Promise<void>;
  connects: number;
  url: string;
  heardAt: number;
  probe?: ReturnType<typeof setInterval>;
};
const globalForLive = globalThis as unknown as { __liveSubscribers?: Set<Subscriber>; __liveListener?: ListenerState };
const subscribers = (globalForLive.__liveSubscribers ??= new Set());

export const PROBE_EVERY_MS = 5_000;
// Heard within three probe intervals: a live listener hears at least its own probe every ~5 s.
const LIVE_WITHIN_MS = 3 * PROBE_EVERY_MS;
const PROBE_PAYLOAD = JSON.stringify({ probe: true });

function dispatch(change: LiveChange | 'resync') {
  for (const s of subscribers) {
    if (change === 'resync' || s.channel === '*' || s.channel === change.channel) {
      try {
        s.fn(change);
      } catch (err) {
        console.error('[live] subscriber failed', err);
      }
    }
  }
}

function onPayload(raw: string) {
  const state = globalForLive.__liveListener;
  if (state) state.heardAt = Date.now();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return;
  }
  const change = liveChangeSchema.safeParse(parsed);
  if (change.success) dispatch(change.data);
}

/** Starts this process's listener once; resolves when LISTEN is active. */
export function ensureListener(): Promise<void> {
  const url = env().DATABASE_URL;
  const current = globalForLive.__liveListener;
  if (current?.url === url) return current.ready;
  const sql = postgres(url, { max: 1, idle_timeout: 0, onnotice: () => undefined });
  const state: ListenerState = { sql, connects: 0, url, ready: Promise.resolve(), heardAt: 0 };
  state.ready = sql
    .listen(PG_CHANNEL, onPayload, () => {
      state.connects += 1;
      // LISTEN is active: this (re)connect is as good as a heard notification.
      state.heardAt = Date.now();
      if (state.connects > 1) dispatch('resync');
    })
    .then(() => undefined);
  globalForLive.__liveListener = state;
  state.probe = setInterval(() => {
    if (Date.now() - state.heardAt < PROBE_EVERY_MS) return;
    readSql()
      .notify(PG_CHANNEL, PROBE_PAYLOAD)
      .catch(() => undefined); // PostgreSQL unreachable: the listener goes quiet and caches fall back to age.
  }, PROBE_EVERY_MS);
  state.probe.unref();
  // A failed first connect must not leave a rejected promise cached forever.
  state.ready.catch(() => {
    if (globalForLive.__liveListener === state) globalForLive.__liveListener = undefined;
    clearInterval(state.probe);
    void sql.end({ timeout: 1 }).catch(() => undefined);
  });
  return state.ready;
}

/**
 * True while this process's listener has heard PostgreSQL recently (a change,
 * another process's probe or its own): notifications are then reaching it,
 * and anything missed in a reconnect arrives as `resync`.
 */
export function listenerIsLive(): boolean {
  const state = globalForLive.__liveListener;
  return !!state && state.url === env().DATABASE_URL && Date.now() - state.heardAt < LIVE_WITHIN_MS;
}

/** Calls `fn` for every change on `channel` (or every channel: '*'), and on `resync`. Returns the unsubscribe function. */
export function onLiveChange(channel: LiveChannel | '*', fn: (change: LiveChange | 'resync') => void): () => void {
  const s: Subscriber = { channel, fn };
  subscribers.add(s);
  return () => subscribers.delete(s);
}

/** Closes the listen connection (tests and command-line tools). */
export async function closeListener(): Promise<void> {
  const current = globalForLive.__liveListener;
  globalForLive.__liveListener = undefined;
  clearInterval(current?.probe);
  await current?.sql.end({ timeout: 1 });
}
