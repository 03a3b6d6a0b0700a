'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { isLive, subscribeLive, subscribeLiveStatus } from '@/components/live/live-connection';

/** Notifications closer together than this (an import's batches) redraw the dashboard once. */
const SETTLE_MS = 1_000;
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
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeLive(['dashboard'], () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        router.refresh();
      }, SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
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
