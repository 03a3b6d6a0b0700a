import type postgres from 'postgres';
import { onDisconnect } from '@/lib/db/connections';
import { openListenConnection } from '@/lib/db/listen-connection';
import { readSql } from '@/lib/db/sql';
import { env } from '@/lib/env';
import {
  accessEndedSchema,
  liveChangeSchema,
  PG_CHANNEL,
  type LiveChange,
  type LiveChannel,
  type LiveStatus,
} from './channels';

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
 *
 * The same probe tells streams when PostgreSQL is gone: a probe that cannot be sent, or
 * nothing heard for LIVE_WITHIN_MS, is `degraded` (once), and the next thing heard after it
 * is `recovered` (once, followed by a `resync`: notifications sent meanwhile were lost).
 * Without it an open stream stayed silent through an outage, as if nothing changed.
 */
type Subscriber = { channel: LiveChannel | '*'; fn: (change: LiveChange | 'resync') => void };

type ListenerState = {
  sql: postgres.Sql;
  ready: Promise<void>;
  connects: number;
  url: string;
  heardAt: number;
  degraded: boolean;
  probe?: ReturnType<typeof setInterval>;
};
type AccessSubscriber = (userId: string) => void;
type StatusSubscriber = (status: LiveStatus) => void;
const globalForLive = globalThis as unknown as {
  __liveSubscribers?: Set<Subscriber>;
  __liveAccessSubscribers?: Set<AccessSubscriber>;
  __liveStatusSubscribers?: Set<StatusSubscriber>;
  __liveListener?: ListenerState;
};
const subscribers = (globalForLive.__liveSubscribers ??= new Set());
const accessSubscribers = (globalForLive.__liveAccessSubscribers ??= new Set());
const statusSubscribers = (globalForLive.__liveStatusSubscribers ??= new Set());

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

function callEach<A>(fns: Set<(a: A) => void>, arg: A) {
  for (const fn of fns) {
    try {
      fn(arg);
    } catch (err) {
      console.error('[live] subscriber failed', err);
    }
  }
}

function setDegraded(state: ListenerState, degraded: boolean) {
  if (state.degraded === degraded || globalForLive.__liveListener !== state) return;
  state.degraded = degraded;
  callEach(statusSubscribers, degraded ? 'degraded' : 'recovered');
  if (!degraded) dispatch('resync');
}

/** PostgreSQL was heard (a notification, a probe, a LISTEN that became active). */
function heard(state: ListenerState | undefined) {
  if (!state) return;
  state.heardAt = Date.now();
  setDegraded(state, false);
}

function onPayload(raw: string) {
  heard(globalForLive.__liveListener);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return;
  }
  const change = liveChangeSchema.safeParse(parsed);
  if (change.success) return dispatch(change.data);
  const ended = accessEndedSchema.safeParse(parsed);
  if (ended.success) callEach(accessSubscribers, ended.data.accessEnded.userId);
}

/** Starts this process's listener once; resolves when LISTEN is active. */
export function ensureListener(): Promise<void> {
  const url = env().DATABASE_URL;
  const current = globalForLive.__liveListener;
  if (current?.url === url) return current.ready;
  const sql = openListenConnection(url);
  const state: ListenerState = { sql, connects: 0, url, ready: Promise.resolve(), heardAt: 0, degraded: false };
  state.ready = sql
    .listen(PG_CHANNEL, onPayload, () => {
      state.connects += 1;
      // LISTEN is active: this (re)connect is as good as a heard notification (recovered, then resync).
      const wasDegraded = state.degraded;
      heard(state);
      if (state.connects > 1 && !wasDegraded) dispatch('resync');
    })
    .then(() => undefined);
  globalForLive.__liveListener = state;
  onDisconnect('live-listener', closeListener);
  state.probe = setInterval(() => {
    const quiet = Date.now() - state.heardAt;
    if (quiet < PROBE_EVERY_MS) return;
    if (quiet >= LIVE_WITHIN_MS) setDegraded(state, true);
    readSql()
      .notify(PG_CHANNEL, PROBE_PAYLOAD)
      // PostgreSQL unreachable: streams are told, and caches fall back to age.
      .catch(() => setDegraded(state, true));
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

/** `degraded` while this process's listener cannot hear PostgreSQL, else `recovered`. */
export function liveStatus(): LiveStatus {
  return globalForLive.__liveListener?.degraded ? 'degraded' : 'recovered';
}

/** Calls `fn` with a user id whenever any process ends that user's access (notifyAccessEnded). */
export function onAccessEnded(fn: AccessSubscriber): () => void {
  accessSubscribers.add(fn);
  return () => accessSubscribers.delete(fn);
}

/** Calls `fn` when this process stops hearing PostgreSQL (`degraded`) and when it hears it again (`recovered`). */
export function onLiveStatus(fn: StatusSubscriber): () => void {
  statusSubscribers.add(fn);
  return () => statusSubscribers.delete(fn);
}

/** Closes the listen connection (disconnectDatabase, and tests). */
export async function closeListener(): Promise<void> {
  const current = globalForLive.__liveListener;
  globalForLive.__liveListener = undefined;
  clearInterval(current?.probe);
  await current?.sql.end({ timeout: 1 });
}
