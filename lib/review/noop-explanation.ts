import { prisma } from '@/lib/db/prisma';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields, type FieldChange } from '@/lib/diff/field-diff';

/** A card a NOOP refers to (the near-duplicate), as it is now, and the delta against it. */
export type NoopCard = {
  cardId: string;
  key: string;
  title: string;
  status: string;
  currentNumber: number | null;
  /** The card now → the delta the curator judged (skill cards; null without a delta): what the delta would have added. */
  deltaDiff: FieldChange[] | null;
};

/**
 * Why nothing changes: the curator's reason, the card(s) it refers to, and
 * the similarity it recorded. A NOOP has no targets to edit (curate.ts): the
 * card it names is its `targetCardId`, and a reason may name more by key.
 */
export type NoopExplanation = { reason: string; cards: NoopCard[]; similarity: number | null };

// Card keys as the curator writes them in a reason: skill::skill_<hex>, function::App.function.
const KEY_IN_TEXT = /\b(?:skill|function)::[A-Za-z0-9_.-]*[A-Za-z0-9_]/g;
// The offline curator writes "BM25 similarity 1.00" / "similarity 0.42" (offline-provider.ts); an LLM may not say any.
const SIMILARITY_IN_TEXT = /similarity\D{0,12}?(\d+(?:\.\d+)?)/i;

export function recordedSimilarity(reason: string): number | null {
  const m = SIMILARITY_IN_TEXT.exec(reason);
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

export async function loadNoopExplanation(p: {
  targetCardId: string | null;
  reason: string;
  deltaContent: unknown;
}): Promise<NoopExplanation> {
  const keys = [...new Set(p.reason.match(KEY_IN_TEXT) ?? [])];
  const rows = await prisma.card.findMany({
    where: {
      OR: [...(p.targetCardId ? [{ id: p.targetCardId }] : []), ...(keys.length ? [{ key: { in: keys } }] : [])],
    },
    select: {
      id: true,
      key: true,
      title: true,
      status: true,
      currentVersion: { select: { number: true, content: true } },
    },
  });
  // The named target first, then the others in the order the reason mentions them.
  const rank = (r: (typeof rows)[number]) => (r.id === p.targetCardId ? -1 : keys.indexOf(r.key));
  const cards = rows
    .sort((a, b) => rank(a) - rank(b))
    .map((r) => ({
      cardId: r.id,
      key: r.key,
      title: r.title,
      status: r.status,
      currentNumber: r.currentVersion?.number ?? null,
      deltaDiff:
        p.deltaContent && r.currentVersion
          ? diffFields(r.currentVersion.content, p.deltaContent, { inOrder: inCardFieldOrder })
          : null,
    }));
  return { reason: p.reason, cards, similarity: recordedSimilarity(p.reason) };
}
