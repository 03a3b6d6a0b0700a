import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's EventSource: the test plays the server's frames. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onerror: (() => void) | null = null;
  closed = false;
  private handlers = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) });
  }
}

const flush = () => new Promise<void>((r) => queueMicrotask(r));

describe('the live connection of a browser tab', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refetches once when the stream first becomes ready, so a change made before the server listened is not lost', async () => {
    const { subscribeLive, isLive } = await import('@/components/live/live-connection');
    const seen: unknown[] = [];
    const off = subscribeLive(['batches'], (c) => seen.push(c));
    await flush();
    const es = FakeEventSource.opened[0];
    expect(es.url).toBe('/api/live?channels=batches');
    // The batch finished here: its notify went out before the server subscribed this tab.
    es.emit('ready', { channels: ['batches'] });
    expect(isLive()).toBe(true);
    expect(seen).toEqual(['resync']);
    es.emit('change', { channel: 'batches', batchId: 'b1', status: 'SUCCEEDED' });
    expect(seen).toEqual(['resync', { channel: 'batches', batchId: 'b1', status: 'SUCCEEDED' }]);
    off();
  });

  it('refetches again when the stream is reopened for another set of channels', async () => {
    const { subscribeLive } = await import('@/components/live/live-connection');
    const seen: unknown[] = [];
    const offRuns = subscribeLive(['runs'], (c) => seen.push(c));
    await flush();
    FakeEventSource.opened[0].emit('ready');
    const offBatches = subscribeLive(['batches'], () => undefined);
    await flush();
    expect(FakeEventSource.opened[0].closed).toBe(true);
    FakeEventSource.opened[1].emit('ready');
    expect(seen).toEqual(['resync', 'resync']);
    offRuns();
    offBatches();
  });
  it('shows degraded while the server cannot reach its database, and refetches when it recovers', async () => {
    const { subscribeLive, isLive, isDegraded } = await import('@/components/live/live-connection');
    const seen: unknown[] = [];
    const off = subscribeLive(['proposals'], (c) => seen.push(c));
    await flush();
    const es = FakeEventSource.opened[0];
    es.emit('ready');
    es.emit('degraded');
    // Not live: components poll meanwhile; the notice reads isDegraded.
    expect([isLive(), isDegraded()]).toEqual([false, true]);
    es.emit('recovered');
    expect([isLive(), isDegraded()]).toEqual([true, false]);
    expect(seen).toEqual(['resync', 'resync']);
    off();
  });

  it('closes for good when the server says the user’s access ended', async () => {
    const { subscribeLive, isLive } = await import('@/components/live/live-connection');
    const off = subscribeLive(['proposals'], () => undefined);
    await flush();
    const es = FakeEventSource.opened[0];
    es.emit('ready');
    es.emit('ended', { reason: 'ACCESS_CHANGED' });
    expect(es.closed).toBe(true);
    expect(isLive()).toBe(false);
    // Following another channel does not open a new stream for an account that lost access.
    const offMore = subscribeLive(['runs'], () => undefined);
    await flush();
    expect(FakeEventSource.opened).toHaveLength(1);
    offMore();
    off();
  });
});
