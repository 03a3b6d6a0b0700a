import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterChange } from '@/components/live/refetch-after-change';

/** A server whose answers the test releases one at a time; each read reports the state at the moment it was taken. */
function heldServer() {
  let state = 'running';
  const reads: { taken: string; answer: () => void }[] = [];
  const fetchFn = () =>
    new Promise<string>((resolve) => {
      const taken = state;
      reads.push({ taken, answer: () => resolve(taken) });
    });
  return { reads, fetchFn, commit: (next: string) => (state = next) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A mounted view of ['batches'] on `client`, its first fetch started (and held). */
async function mountedView(client: QueryClient) {
  const server = heldServer();
  const unsubscribe = new QueryObserver(client, { queryKey: ['batches'], queryFn: server.fetchFn }).subscribe(() => undefined);
  await settle();
  return { server, unsubscribe };
}

describe('refetching a live view after a change notification', () => {
  let client: QueryClient;
  afterEach(() => client.clear());

  it('reads again after a first fetch that was already on its way when the change was notified', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, unsubscribe } = await mountedView(client);
    expect(server.reads).toHaveLength(1); // the page's first fetch, read before the change

    server.commit('finished');
    const refreshed = refetchAfterChange(client, ['batches']);
    server.reads[0].answer();
    await settle();
    // The first fetch's answer predates the change: a second read has started after the notification.
    expect(server.reads).toHaveLength(2);
    server.reads[1].answer();
    await refreshed;
    expect(client.getQueryData(['batches'])).toBe('finished');
    unsubscribe();
  });

  it('shows the first answer while notifications keep arriving faster than a fetch answers, then the state after them', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, unsubscribe } = await mountedView(client);
    server.commit('importing');
    const refreshes = [refetchAfterChange(client, ['batches']), refetchAfterChange(client, ['batches'])];
    await settle();
    // The first fetch is not thrown away: its answer is shown.
    server.reads[0].answer();
    await settle();
    expect(client.getQueryData(['batches'])).toBe('running');
    // Reads that started after the notifications follow; the one the query keeps is the last.
    expect(server.reads.length).toBeGreaterThan(1);
    for (const read of server.reads.slice(1)) read.answer();
    await Promise.all(refreshes);
    expect(client.getQueryData(['batches'])).toBe('importing');
    unsubscribe();
  });

  it('reads once when the view already has data (the running fetch is replaced, not waited for)', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { server, unsubscribe } = await mountedView(client);
    server.reads[0].answer();
    await settle();
    expect(client.getQueryData(['batches'])).toBe('running');

    server.commit('finished');
    const refreshed = refetchAfterChange(client, ['batches']);
    await settle();
    expect(server.reads).toHaveLength(2);
    server.reads[1].answer();
    await refreshed;
    expect(server.reads).toHaveLength(2);
    expect(client.getQueryData(['batches'])).toBe('finished');
    unsubscribe();
  });
});
