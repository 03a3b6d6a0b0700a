'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { isLive, subscribeLive, subscribeLiveStatus } from '@/components/live/live-connection';
import { refreshThrottle } from './refresh-throttle';

/** Notifications closer together than this redraw the dashboard once. */
const SETTLE_MS = 1_000;
/**
 * While changes keep coming (an import), redraws start at least this far
 * apart: one redraw runs every panel's queries (docs/benchmarks.md
 * "Dashboard"), so redrawing once a second would keep the database busy for
 * each open dashboard during an import; every 5 s costs a fraction of that.
 */
const MIN_GAP_MS = 5_000;
/** While the live stream is down, the figures are re-read this often instead. */
const POLL_MS = 60_000;

/**
 * Keeps an open dashboard current: the figures are drawn on the server, so on
 * a change notified on the `dashboard` channel (imports, diagnoses, proposals,
 * review decisions: the dashboard_live migration) the page is refreshed in
 * place — filters in the URL, chart/table views and scroll stay as they are.
 * A resync (the stream's first `ready`, or after it reopens) refreshes too: a
 * change between the server render and the subscription would otherwise be missed.
 */
export function DashboardLive() {
  const router = useRouter();
  const live = useSyncExternalStore(subscribeLiveStatus, isLive, () => false);
  useEffect(() => {
    const throttle = refreshThrottle(() => router.refresh(), { settleMs: SETTLE_MS, minGapMs: MIN_GAP_MS });
    const unsubscribe = subscribeLive(['dashboard'], () => throttle.notify());
    return () => {
      throttle.cancel();
      unsubscribe();
    };
  }, [router]);
  useEffect(() => {
    if (live) return;
    const poll = setInterval(() => router.refresh(), POLL_MS);
    return () => clearInterval(poll);
  }, [live, router]);
  return null;
}
