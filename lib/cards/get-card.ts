import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { cardWhere } from './card-ref';
import { versionMeta, versionMetaSelect, type CardSummary } from './card-summary';

export type CardVersionListItem = {
  id: string;
  number: number;
  parentNumber: number | null;
  createdAt: string;
  createdBy: string | null;
  proposal: { id: string; operation: string } | null;
  review: { decision: string; note: string | null; reviewer: string } | null;
  /** Set when this version restores an older one (rollback), with the reviewer's note. */
  restoredFrom: number | null;
  note: string | null;
};

/** A reviewer's retire or reactivate, with their note (newest first). */
export type CardStatusChangeItem = {
  id: string;
  from: string;
  to: string;
  note: string;
  actor: string | null;
  createdAt: string;
};

export type CardDetail = CardSummary & {
  mergedInto: { id: string; key: string } | null;
  mergedFrom: { id: string; key: string }[];
  current: { id: string; number: number; content: unknown } | null;
  /** Exactly what an agent receives for this card (the one renderer). */
  runtimeText: string | null;
  versions: CardVersionListItem[];
  statusHistory: CardStatusChangeItem[];
  sizeBytes: number;
  updatedAt: string;
};

/** A card by id or key: current version, runtime text, the versions list (newest first, metadata only) and its status changes. */
/**
 * `renderRuntimeText` is the one renderer (lib/retrieval/render.ts's renderCardRuntimeText), passed in by
 * the caller: retrieval builds on the cards domain, so cards does not import it.
 */
export async function getCard(
  actor: Actor,
  idOrKey: string,
  renderRuntimeText: (kind: 'SKILL' | 'FUNCTION', content: unknown) => string,
): Promise<CardDetail> {
  requirePermission(actor, 'cards:read');
  const card = await prisma.card.findFirst({
    where: cardWhere(idOrKey),
    include: {
      currentVersion: { select: { id: true, number: true, content: true } },
      mergedInto: { select: { id: true, key: true } },
      mergedFrom: { select: { id: true, key: true } },
      versions: {
        orderBy: { number: 'desc' },
        select: {
          id: true,
          ...versionMetaSelect,
          restoredFrom: { select: { number: true } },
          proposal: { select: { id: true, operation: true } },
          review: { select: { decision: true, note: true, reviewer: { select: { name: true } } } },
        },
      },
      statusChanges: {
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        select: {
          id: true,
          fromStatus: true,
          toStatus: true,
          note: true,
          createdAt: true,
          actor: { select: { name: true } },
        },
      },
    },
  });
  if (!card) throw notFound(`Card ${idOrKey}`);
  let runtimeText: string | null = null;
  try {
    runtimeText = card.currentVersion ? renderRuntimeText(card.kind, card.currentVersion.content) : null;
  } catch {
    runtimeText = null;
  }
  return {
    id: card.id,
    key: card.key,
    kind: card.kind,
    ability: card.ability,
    apps: card.apps,
    tags: card.tags,
    title: card.title,
    status: card.status,
    mergedInto: card.mergedInto,
    mergedFrom: card.mergedFrom,
    current: card.currentVersion,
    runtimeText,
    sizeBytes: card.sizeBytes,
    updatedAt: card.updatedAt.toISOString(),
    versions: card.versions.map((v) => ({
      id: v.id,
      ...versionMeta(v),
      proposal: v.proposal,
      review: v.review ? { decision: v.review.decision, note: v.review.note, reviewer: v.review.reviewer.name } : null,
      restoredFrom: v.restoredFrom?.number ?? null,
    })),
    statusHistory: card.statusChanges.map((c) => ({
      id: c.id,
      from: c.fromStatus,
      to: c.toStatus,
      note: c.note,
      actor: c.actor?.name ?? null,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}
