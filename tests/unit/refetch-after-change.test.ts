import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('refetching a live view after a change notification', () => {
  let client: QueryClient;
  let unsubscribe = () => undefined as void;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    unsubscribe();
    client.clear();
  });

  /** A mounted view of ['batches'], its first fetch on its way (held), or answered ("running"). */
  async function mountedView({ answered }: { answered: boolean }) {
    const server = heldServer();
    unsubscribe = new QueryObserver(client, { queryKey: ['batches'], queryFn: server.fetchFn }).subscribe(
      () => undefined,
    );
    await settle();
    if (answered) {
      server.reads[0].answer();
      await settle();
      expect(client.getQueryData(['batches'])).toBe('running');
    }
    return server;
  }

  it.each([
    { on: 'the first fetch (no data yet)', answered: false },
    { on: 'a refetch of a view with data', answered: true },
  ])(
    'lets $on already on its way answer, then reads once more, after every notification that came meanwhile',
    async ({ answered }) => {
      const server = await mountedView({ answered });
      if (answered) {
        server.commit('importing');
        void refetchAfterChange(client, ['batches']);
        await settle();
      }
      const onItsWay = server.reads.at(-1)!;
      server.commit('finished');
      const refreshes = [refetchAfterChange(client, ['batches']), refetchAfterChange(client, ['batches'])];
      await settle();
      // Not thrown away by the notifications: its answer, read before them, is shown.
      onItsWay.answer();
      await settle();
      expect(client.getQueryData(['batches'])).toBe(onItsWay.taken);
      // One read follows for both notifications, started after them.
      const after = server.reads.filter((r) => r !== onItsWay && r.taken === 'finished');
      expect(after).toHaveLength(1);
      after[0].answer();
      await Promise.all(refreshes);
      expect(client.getQueryData(['batches'])).toBe('finished');
    },
  );

  it('reads once when the view already has data and nothing is on its way', async () => {
    const server = await mountedView({ answered: true });

    server.commit('finished');
    const refreshed = refetchAfterChange(client, ['batches']);
    await settle();
    expect(server.reads).toHaveLength(2);
    server.reads[1].answer();
    await refreshed;
    expect(server.reads).toHaveLength(2);
    expect(client.getQueryData(['batches'])).toBe('finished');
  });
});
