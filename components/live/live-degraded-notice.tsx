'use client';

import { useSyncExternalStore } from 'react';
import { isDegraded, subscribeLiveStatus } from './live-connection';

/**
 * Says so while the server reports that it cannot reach its database (the live stream's
 * `degraded` event): pages then show what they last loaded, and their requests are answered
 * 503 until it is back. Gone again on `recovered`, when pages refetch.
 */
export function LiveDegradedNotice() {
  const degraded = useSyncExternalStore(subscribeLiveStatus, isDegraded, () => false);
  if (!degraded) return null;
  return (
    <div
      role="status"
      data-testid="live-degraded"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      The server cannot reach its database right now. What you see may be out of date; changes cannot be saved until it
      is back, and this page refreshes then.
    </div>
  );
}
