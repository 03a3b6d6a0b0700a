import { prisma } from '@/lib/db/prisma';
import { loadCurrentBankCards, loadReleaseBankCards, readBankRevision } from './load-bank';
import { RetrievalIndex } from './retrieval-index';

/**
 * The one per-revision index cache. Every replica keeps, in memory:
 *  - the current bank's index, tagged with the bank revision it was built at.
 *    Each request reads the revision (one one-row prepared statement); when an approval
 *    (any committed write to "Card"/"CardVersion") moved it, the index is
 *    rebuilt once, and concurrent requests share that one rebuild;
 *  - one index per release id (a release never changes, so it never expires;
 *    the least recently used is dropped past RELEASE_SLOTS).
 * The load runs in one REPEATABLE READ transaction that reads the revision
 * first, so the cards always belong to the revision the index is tagged with.
 */
export type CachedIndex = { index: RetrievalIndex; revision: number | null; skipped: string[] };

const RELEASE_SLOTS = 16;

let current: { revision: number; built: Promise<CachedIndex> } | null = null;
const releases = new Map<string, Promise<CachedIndex>>();
let builds = 0;

export async function currentBankIndex(): Promise<CachedIndex> {
  const revision = await readBankRevision();
  if (current && current.revision === revision) return current.built;
  const built = prisma
    .$transaction(
      async (tx) => {
        const rev = await readBankRevision(tx);
        const { cards, skipped } = await loadCurrentBankCards(tx);
        builds++;
        return { index: new RetrievalIndex(cards), revision: rev, skipped };
      },
      { isolationLevel: 'RepeatableRead' },
    )
    .catch((err) => {
      if (current?.built === built) current = null;
      throw err;
    });
  current = { revision, built };
  return built;
}

export async function releaseBankIndex(releaseId: string): Promise<CachedIndex> {
  const hit = releases.get(releaseId);
  if (hit) {
    releases.delete(releaseId);
    releases.set(releaseId, hit);
    return hit;
  }
  const built = loadReleaseBankCards(releaseId).then(({ cards, skipped }) => {
    builds++;
    return { index: new RetrievalIndex(cards), revision: null, skipped };
  });
  built.catch(() => releases.delete(releaseId));
  releases.set(releaseId, built);
  while (releases.size > RELEASE_SLOTS) releases.delete(releases.keys().next().value!);
  return built;
}

/** How many indexes this process has built (tests and the bench read it to prove reuse). */
export function indexBuildCount(): number {
  return builds;
}
