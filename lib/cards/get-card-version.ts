import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields, type FieldChange } from '@/lib/diff/field-diff';
import { notFound } from '@/lib/errors';
import { resolveCardId } from './card-ref';
import { versionMeta, versionMetaSelect } from './card-summary';
import { loadProposalProvenance, type ProposalProvenance } from './provenance';

export type CardVersionDetail = {
  id: string;
  cardId: string;
  key: string;
  number: number;
  content: unknown;
  parentNumber: number | null;
  createdAt: string;
  createdBy: string | null;
  note: string | null;
  restoredFrom: { number: number } | null;
  /** version → review (who, when, note) → proposal … → trajectories. */
  review: {
    id: string;
    decision: string;
    note: string | null;
    reviewer: string;
    createdAt: string;
    editedCard: boolean;
  } | null;
  provenance: ProposalProvenance | null;
};

/** One version's content and its provenance chain. A restored version's chain is the restored version's. */
export async function getCardVersion(actor: Actor, idOrKey: string, number: number): Promise<CardVersionDetail> {
  requirePermission(actor, 'cards:read');
  const cardId = await resolveCardId(idOrKey);
  const v = await prisma.cardVersion.findUnique({
    where: { cardId_number: { cardId, number } },
    select: {
      id: true,
      content: true,
      proposalId: true,
      ...versionMetaSelect,
      card: { select: { key: true } },
      restoredFrom: { select: { number: true, proposalId: true } },
      review: { include: { reviewer: { select: { name: true } } } },
    },
  });
  if (!v) throw notFound(`Version ${number} of card ${idOrKey}`);
  const proposalId = v.proposalId ?? v.restoredFrom?.proposalId ?? null;
  return {
    id: v.id,
    cardId,
    key: v.card.key,
    content: v.content,
    ...versionMeta(v),
    restoredFrom: v.restoredFrom ? { number: v.restoredFrom.number } : null,
    review: v.review
      ? {
          id: v.review.id,
          decision: v.review.decision,
          note: v.review.note,
          reviewer: v.review.reviewer.name,
          createdAt: v.review.createdAt.toISOString(),
          editedCard: v.review.editedCard !== null,
        }
      : null,
    provenance: proposalId ? await loadProposalProvenance(proposalId) : null,
  };
}

/** Field diff between any two versions of one card. */
export async function diffCardVersions(
  actor: Actor,
  idOrKey: string,
  from: number,
  to: number,
): Promise<FieldChange[]> {
  requirePermission(actor, 'cards:read');
  const cardId = await resolveCardId(idOrKey);
  const rows = await prisma.cardVersion.findMany({
    where: { cardId, number: { in: [from, to] } },
    select: { number: true, content: true },
  });
  const byNumber = new Map(rows.map((r) => [r.number, r.content]));
  for (const n of [from, to]) if (!byNumber.has(n)) throw notFound(`Version ${n} of card ${idOrKey}`);
  return diffFields(byNumber.get(from), byNumber.get(to), { inOrder: inCardFieldOrder });
}
