import postgres from 'postgres';
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
 */
type Subscriber = { channel: LiveChannel | '*'; fn: (change: LiveChange | 'resync') => void };

type ListenerState = { sql: postgres.Sql; ready: Promise<void>; connects: number; url: string };
const globalForLive = globalThis as unknown as { __liveSubscribers?: Set<Subscriber>; __liveListener?: ListenerState };
const subscribers = (globalForLive.__liveSubscribers ??= new Set());

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
  const state: ListenerState = { sql, connects: 0, url, ready: Promise.resolve() };
  state.ready = sql
    .listen(PG_CHANNEL, onPayload, () => {
      state.connects += 1;
      if (state.connects > 1) dispatch('resync');
    })
    .then(() => undefined);
  globalForLive.__liveListener = state;
  // A failed first connect must not leave a rejected promise cached forever.
  state.ready.catch(() => {
    if (globalForLive.__liveListener === state) globalForLive.__liveListener = undefined;
    void sql.end({ timeout: 1 }).catch(() => undefined);
  });
  return state.ready;
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
  await current?.sql.end({ timeout: 1 });
}
