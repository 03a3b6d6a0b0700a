/**
 * While the live stream is up, how often a view still re-checks something that
 * is queued or running. A change notification is delivered at most once: one
 * lost between PostgreSQL, the server and the browser (a listener reconnecting
 * after the `ready` resync, a proxy dropping a frame) would otherwise leave a
 * finished run or batch shown as running until the page is reloaded. Slow
 * enough that a live page stays quiet (one request per view per 10 s, and
 * only while something is active), quick enough that a missed change is seen
 * before anyone wonders.
 */
export const LIVE_SAFETY_MS = 10_000;

/**
 * refetchInterval for a view of jobs: nothing while none is active; while one
 * is, `pollMs` with the stream down and LIVE_SAFETY_MS with it up.
 */
export function activeRefetchInterval(live: boolean, active: boolean, pollMs: number): number | false {
  if (!active) return false;
  return live ? LIVE_SAFETY_MS : pollMs;
}
