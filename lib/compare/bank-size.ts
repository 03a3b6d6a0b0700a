import { prisma } from '@/lib/db/prisma';
import { countTokens, renderCardRuntimeText } from '@/lib/retrieval/render';

/** A release's bank as an agent would get it: its cards and their rendered runtime text in tokens. */
export type BankSize = { release: string; known: boolean; cards: number; skillCards: number; renderedTokens: number };

// A release never changes after its freeze, so a known release's size is computed once per process.
const cache = new Map<string, BankSize>();

/** The bank size of each named release; a name this console does not know is reported as unknown, not as empty. */
export async function bankSizes(releases: string[]): Promise<BankSize[]> {
  const missing = releases.filter((r) => !cache.has(r));
  if (missing.length) {
    const rows = await prisma.bankReleaseCard.findMany({
      where: { release: { name: { in: missing } } },
      select: {
        release: { select: { name: true } },
        cardVersion: { select: { content: true, card: { select: { kind: true } } } },
      },
    });
    const known = await prisma.bankRelease.findMany({ where: { name: { in: missing } }, select: { name: true } });
    const sizes = new Map<string, BankSize>(
      known.map((k) => [k.name, { release: k.name, known: true, cards: 0, skillCards: 0, renderedTokens: 0 }]),
    );
    for (const r of rows) {
      const s = sizes.get(r.release.name)!;
      const kind = r.cardVersion.card.kind;
      s.cards++;
      if (kind === 'SKILL') s.skillCards++;
      s.renderedTokens += countTokens(renderCardRuntimeText(kind, r.cardVersion.content));
    }
    for (const [name, size] of sizes) cache.set(name, size);
  }
  // Unknown names are not cached: the release may be frozen here later under that name.
  return releases.map((r) => cache.get(r) ?? { release: r, known: false, cards: 0, skillCards: 0, renderedTokens: 0 });
}
