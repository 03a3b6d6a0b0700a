import type { ProposalStatus } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { loadProposalProvenance, type ProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { diffFields, type FieldChange } from '@/lib/diff/field-diff';
import { notFound } from '@/lib/errors';
import type { ValidationIssue } from '@/lib/reflection/validate-card';
import type { ProposalSummary } from './proposal-summary';
import { isStaleTarget } from './staleness';
import { loadValidationInputs, validateFinalContent } from './validate-proposal';

type VersionRef = { id: string; number: number; content: unknown } | null;

export type ProposalTargetView = {
  cardId: string;
  key: string;
  primary: boolean;
  status: string;
  title: string;
  base: VersionRef;
  current: VersionRef;
  stale: boolean;
  /** base → current: what changed under the proposal (stale only). */
  baseToCurrent: FieldChange[] | null;
  /** current → proposed (for MERGE: each merged card → the merged result). */
  currentToProposed: FieldChange[];
};

export type ProposalDetail = ProposalSummary & {
  reason: string;
  createdAt: string;
  proposedCard: unknown;
  stale: boolean;
  targets: ProposalTargetView[];
  /** ADD: the whole new card against nothing. */
  addDiff: FieldChange[] | null;
  validationAtCuration: ValidationIssue[];
  validationNow: ValidationIssue[];
  /** Fields the reviewer's eye should go to (NARROW_TRIGGER: applies_when). */
  highlight: string[];
  provenance: ProposalProvenance | null;
  reviews: { id: string; decision: string; note: string | null; reviewer: string; createdAt: string }[];
  recuratedFrom: { id: string; status: ProposalStatus } | null;
  recuratedInto: { id: string; status: ProposalStatus }[];
  activeRecuration: { runId: string; status: string } | null;
  cardVersions: { cardId: string; key: string; number: number }[];
};

/** A proposal as the reviewer sees it: targets as they are now, field diffs, validation re-run now, the evidence. */
export async function getProposal(actor: Actor, proposalId: string): Promise<ProposalDetail> {
  requirePermission(actor, 'proposal:read');
  const p = await prisma.proposal.findUnique({
    where: { id: proposalId },
    include: {
      run: { select: { id: true, kind: true, taskId: true, settings: true } },
      delta: { select: { content: true } },
      targets: {
        include: {
          baseVersion: { select: { id: true, number: true, content: true } },
          card: { select: { key: true, status: true, title: true, currentVersion: { select: { id: true, number: true, content: true } } } },
        },
        orderBy: [{ primary: 'desc' }, { cardId: 'asc' }],
      },
      reviews: { include: { reviewer: { select: { name: true } } }, orderBy: { createdAt: 'asc' } },
      recuratedFrom: { select: { id: true, status: true } },
      recuratedInto: { select: { id: true, status: true }, orderBy: { createdAt: 'desc' } },
      cardVersions: { select: { cardId: true, number: true, card: { select: { key: true } } } },
    },
  });
  if (!p) throw notFound(`Proposal ${proposalId}`);

  const targets: ProposalTargetView[] = p.targets.map((t) => {
    const stale = isStaleTarget({ cardId: t.cardId, baseVersionId: t.baseVersionId, card: { key: t.card.key, currentVersionId: t.card.currentVersion?.id ?? null, status: t.card.status } });
    return {
      cardId: t.cardId,
      key: t.card.key,
      primary: t.primary,
      status: t.card.status,
      title: t.card.title,
      base: t.baseVersion,
      current: t.card.currentVersion,
      stale,
      baseToCurrent: stale ? diffFields(t.baseVersion?.content ?? null, t.card.currentVersion?.content ?? null) : null,
      currentToProposed: diffFields(t.card.currentVersion?.content ?? null, p.proposedCard),
    };
  });

  const open = p.status === 'PENDING' || p.status === 'INVALID';
  let validationNow: ValidationIssue[] = [];
  if (open && p.operation !== 'NOOP') {
    const inputs = await loadValidationInputs(p);
    validationNow = validateFinalContent(
      p,
      p.proposedCard,
      targets.map((t) => ({ cardId: t.cardId, key: t.key, primary: t.primary, content: t.current?.content ?? null })),
      inputs,
    );
  }
  const activeRun = open
    ? await prisma.reflectionRun.findFirst({
        where: { kind: 'RECURATE', status: { in: ['QUEUED', 'RUNNING'] }, settings: { path: ['recurateProposalId'], equals: p.id } },
        select: { id: true, status: true },
      })
    : null;

  return {
    id: p.id,
    operation: p.operation,
    cardKind: p.cardKind,
    ability: p.ability,
    status: p.status,
    valid: p.valid,
    reason: p.reason,
    createdAt: p.createdAt.toISOString(),
    proposedCard: p.proposedCard,
    stale: targets.some((t) => t.stale),
    targets,
    addDiff: p.operation === 'ADD_CARD' ? diffFields(null, p.proposedCard) : null,
    validationAtCuration: (p.validation as ValidationIssue[] | null) ?? [],
    validationNow,
    highlight: p.operation === 'NARROW_TRIGGER' ? ['applies_when'] : [],
    provenance: await loadProposalProvenance(p.id),
    reviews: p.reviews.map((r) => ({ id: r.id, decision: r.decision, note: r.note, reviewer: r.reviewer.name, createdAt: r.createdAt.toISOString() })),
    recuratedFrom: p.recuratedFrom,
    recuratedInto: p.recuratedInto,
    activeRecuration: activeRun ? { runId: activeRun.id, status: activeRun.status } : null,
    cardVersions: p.cardVersions.map((v) => ({ cardId: v.cardId, key: v.card.key, number: v.number })),
  };
}
