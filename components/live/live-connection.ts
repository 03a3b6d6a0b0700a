'use client';

import type { LiveChange, LiveChannel } from '@/lib/live/channels';

/**
 * The browser tab's one EventSource to /api/live, shared by every component
 * that follows a channel (browsers allow few connections per host, so one per
 * component would starve the page). It follows the union of the channels in
 * use and reopens when that set changes. `live` is false while the stream is
 * down; components then poll (see use-live-channel.ts). `degraded` is true
 * while the server says it cannot reach its database (LiveDegradedNotice shows
 * it); `recovered` clears it and refetches. `ended` (the user's access ended:
 * deactivated, role changed, signed out) closes the stream for good: the page's
 * next request says why.
 */
type Listener = { channels: Set<LiveChannel>; fn: (change: LiveChange | 'resync') => void };

const listeners = new Set<Listener>();
const statusSubscribers = new Set<() => void>();
let source: EventSource | null = null;
let openChannels = '';
let live = false;
let degraded = false;
let ended = false;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: { live?: boolean; degraded?: boolean }) {
  const l = next.live ?? live;
  const d = next.degraded ?? degraded;
  if (l === live && d === degraded) return;
  live = l;
  degraded = d;
  statusSubscribers.forEach((s) => s());
}
const setLive = (next: boolean) => setStatus({ live: next });

function dispatch(change: LiveChange | 'resync') {
  for (const l of listeners) if (change === 'resync' || l.channels.has(change.channel)) l.fn(change);
}

function wanted(): string {
  const all = new Set<LiveChannel>();
  listeners.forEach((l) => l.channels.forEach((c) => all.add(c)));
  return [...all].sort().join(',');
}

function open() {
  const channels = wanted();
  if (channels === openChannels && source) return;
  source?.close();
  source = null;
  openChannels = channels;
  setStatus({ live: false, degraded: false });
  if (!channels || ended) return;
  const es = new EventSource(`/api/live?channels=${encodeURIComponent(channels)}`);
  source = es;
  es.addEventListener('ready', () => {
    setLive(true);
    // Refetch once on every `ready`, the first one too: the server sends it only
    // after it listens, and a change committed before that (between a
    // component's first fetch and now, or while the stream was down or being
    // reopened for another set of channels) was never sent. Once live, the
    // components stop polling, so a batch that finished in that gap would
    // stay "running" on the page.
    dispatch('resync');
  });
  es.addEventListener('change', (e) => {
    try {
      dispatch(JSON.parse((e as MessageEvent<string>).data) as LiveChange);
    } catch {
      // a malformed frame is ignored
    }
  });
  es.addEventListener('resync', () => dispatch('resync'));
  // The server cannot hear its database: nothing will be pushed, so components poll meanwhile.
  es.addEventListener('degraded', () => setStatus({ live: false, degraded: true }));
  es.addEventListener('recovered', () => {
    setStatus({ live: true, degraded: false });
    dispatch('resync');
  });
  es.addEventListener('ended', () => {
    ended = true;
    es.close();
    if (source === es) source = null;
    setStatus({ live: false, degraded: false });
  });
  es.onerror = () => {
    setLive(false);
    // EventSource retries by itself unless the server refused (CLOSED): then try again later.
    if (es.readyState === EventSource.CLOSED && source === es) {
      source = null;
      if (!reopenTimer)
        reopenTimer = setTimeout(() => {
          reopenTimer = null;
          openChannels = '';
          open();
        }, 10_000);
    }
  };
}

let scheduled = false;
function scheduleOpen() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    open();
  });
}

export function subscribeLive(channels: LiveChannel[], fn: Listener['fn']): () => void {
  const l: Listener = { channels: new Set(channels), fn };
  listeners.add(l);
  scheduleOpen();
  return () => {
    listeners.delete(l);
    scheduleOpen();
  };
}

export function subscribeLiveStatus(fn: () => void): () => void {
  statusSubscribers.add(fn);
  return () => statusSubscribers.delete(fn);
}

export const isLive = () => live;
export const isDegraded = () => degraded;
