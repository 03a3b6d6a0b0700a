'use client';

import type { LiveChange, LiveChannel } from '@/lib/live/channels';

/**
 * The browser tab's one EventSource to /api/live, shared by every component
 * that follows a channel (browsers allow few connections per host, so one per
 * component would starve the page). It follows the union of the channels in
 * use and reopens when that set changes. `live` is false while the stream is
 * down; components then poll (see use-live-channel.ts).
 */
type Listener = { channels: Set<LiveChannel>; fn: (change: LiveChange | 'resync') => void };

const listeners = new Set<Listener>();
const statusSubscribers = new Set<() => void>();
let source: EventSource | null = null;
let openChannels = '';
let live = false;
let reopenTimer: ReturnType<typeof setTimeout> | null = null;

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  statusSubscribers.forEach((s) => s());
}

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
  setLive(false);
  if (!channels) return;
  const es = new EventSource(`/api/live?channels=${encodeURIComponent(channels)}`);
  source = es;
  es.addEventListener('ready', () => {
    setLive(true);
    // Refetch once on every `ready`, the first one too: the server sends it only
    // after it listens, and a change committed before that (between a
    // component's first fetch and now, or while the stream was down or being
    // reopened for another set of channels) was never sent. Once live, the
    // components stop polling, so a batch that finished in that gap used to
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
