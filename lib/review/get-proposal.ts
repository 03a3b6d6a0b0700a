import type { ProposalStatus } from '@prisma/client';
import { ownWorkConflict, requirePermission, type Actor } from '@/lib/auth/permissions';
import { loadProposalProvenance, type ProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { inCardFieldOrder } from '@/lib/cards/field-order';
import { diffFields, type FieldChange } from '@/lib/diff/field-diff';
import { notFound } from '@/lib/errors';
import type { ValidationIssue } from '@/lib/reflection/validate-card';
import { planApproval } from './approval-plan';
import { loadNoopExplanation, type NoopExplanation } from './noop-explanation';
import { readReviewSettings, secondReviewerRequired } from './review-settings';
import type { ProposalSummary } from './proposal-summary';
import { canBeStale, isStaleTarget } from './staleness';
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
  /**
   * What the diff starts from: the card as it is now while the proposal is open; once decided, the
   * base it was judged on (the card has moved on since, by this very approval for one).
   */
  from: { label: 'current' | 'base'; number: number | null };
  /** What it ends in: the proposed card, or once approved the version it applied (the reviewer's edits included). */
  to: { label: 'proposed' | 'applied'; number: number | null };
  /** from → to, field by field (for MERGE: each merged card → the merged result). */
  changes: FieldChange[];
};

/** The latest re-curation run of a proposal: while it runs, and how it ended (failed: why). */
export type RecurationRun = { runId: string; status: string; error: string | null };

export type ProposalDetail = ProposalSummary & {
  reason: string;
  createdAt: string;
  proposedCard: unknown;
  /** Once approved: the card as applied (with the reviewer's edits), else null. */
  appliedCard: unknown;
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
  recuration: RecurationRun | null;
  cardVersions: { cardId: string; key: string; number: number }[];
  /** A NOOP: why nothing changes and the card(s) it refers to; null for any other operation. */
  noop: NoopExplanation | null;
  /** CURATOR, or REVIEWER_WRITTEN: a card a reviewer wrote by hand (`author`). */
  source: 'CURATOR' | 'REVIEWER_WRITTEN';
  author: string | null;
  /**
   * The first of two approvals, waiting for a second reviewer: who gave it, and the card they approved (what a
   * second approval applies); `notYours` says why the caller may not be that second reviewer.
   */
  awaitingSecond: { reviewer: string; at: string; card: unknown; notYours: string | null } | null;
  /** Whether an approval of a reviewer's words by the caller will wait for a second reviewer (the admin setting). */
  secondReviewerRequired: boolean;
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
          card: {
            select: {
              key: true,
              status: true,
              title: true,
              currentVersion: { select: { id: true, number: true, content: true } },
            },
          },
        },
        orderBy: [{ primary: 'desc' }, { cardId: 'asc' }],
      },
      reviews: { include: { reviewer: { select: { name: true } } }, orderBy: { createdAt: 'asc' } },
      author: { select: { name: true } },
      recuratedFrom: { select: { id: true, status: true } },
      recuratedInto: { select: { id: true, status: true }, orderBy: { createdAt: 'desc' } },
      cardVersions: {
        select: { cardId: true, number: true, content: true, card: { select: { key: true } } },
        orderBy: { number: 'asc' },
      },
    },
  });
  if (!p) throw notFound(`Proposal ${proposalId}`);

  const open = p.status === 'PENDING' || p.status === 'INVALID';
  // An approval creates one version (the kept card's for a MERGE): what every target turned into.
  const applied = p.cardVersions[0] ?? null;
  const to = applied
    ? { label: 'applied' as const, number: applied.number }
    : { label: 'proposed' as const, number: null };
  const targets: ProposalTargetView[] = p.targets.map((t) => {
    const stale =
      canBeStale(p.status) &&
      isStaleTarget({
        cardId: t.cardId,
        baseVersionId: t.baseVersionId,
        card: { key: t.card.key, currentVersionId: t.card.currentVersion?.id ?? null, status: t.card.status },
      });
    const from = open
      ? { label: 'current' as const, version: t.card.currentVersion }
      : { label: 'base' as const, version: t.baseVersion };
    return {
      cardId: t.cardId,
      key: t.card.key,
      primary: t.primary,
      status: t.card.status,
      title: t.card.title,
      base: t.baseVersion,
      current: t.card.currentVersion,
      stale,
      baseToCurrent: stale
        ? diffFields(t.baseVersion?.content ?? null, t.card.currentVersion?.content ?? null, {
            inOrder: inCardFieldOrder,
          })
        : null,
      from: { label: from.label, number: from.version?.number ?? null },
      to,
      changes: diffFields(from.version?.content ?? null, applied ? applied.content : p.proposedCard, {
        inOrder: inCardFieldOrder,
      }),
    };
  });

  // The card an approval without edits applies: the first approver's when one waits, a reviewer's words checked as theirs.
  const firstApprovals = p.reviews.filter((r) => r.decision === 'FIRST_APPROVED');
  const plan = planApproval({ ...p, firstApprovals }, undefined);
  const pending = p.status === 'PENDING' ? plan.pendingFirst : null;
  let validationNow: ValidationIssue[] = [];
  if (open && p.operation !== 'NOOP') {
    const inputs = await loadValidationInputs(p, plan.content);
    validationNow = validateFinalContent(
      p,
      plan.content,
      targets.map((t) => ({ cardId: t.cardId, key: t.key, primary: t.primary, content: t.current?.content ?? null })),
      inputs,
      plan.allAuthored,
    );
  }
  const lastRun = await prisma.reflectionRun.findFirst({
    where: { kind: 'RECURATE', settings: { path: ['recurateProposalId'], equals: p.id } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, status: true, error: true },
  });
  const recuration = lastRun ? { runId: lastRun.id, status: lastRun.status, error: lastRun.error } : null;
  const active = open && recuration && (recuration.status === 'QUEUED' || recuration.status === 'RUNNING');

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
    appliedCard: applied?.content ?? null,
    stale: targets.some((t) => t.stale),
    targets,
    addDiff: p.operation === 'ADD_CARD' ? diffFields(null, p.proposedCard, { inOrder: inCardFieldOrder }) : null,
    validationAtCuration: (p.validation as ValidationIssue[] | null) ?? [],
    validationNow,
    highlight: p.operation === 'NARROW_TRIGGER' ? ['applies_when'] : [],
    provenance: await loadProposalProvenance(p.id),
    reviews: p.reviews.map((r) => ({
      id: r.id,
      decision: r.decision,
      note: r.note,
      reviewer: r.reviewer.name,
      createdAt: r.createdAt.toISOString(),
    })),
    recuratedFrom: p.recuratedFrom,
    recuratedInto: p.recuratedInto,
    activeRecuration: active ? { runId: recuration.runId, status: recuration.status } : null,
    recuration,
    cardVersions: p.cardVersions.map((v) => ({ cardId: v.cardId, key: v.card.key, number: v.number })),
    noop:
      p.operation === 'NOOP'
        ? await loadNoopExplanation({
            targetCardId: p.targetCardId,
            reason: p.reason,
            deltaContent: p.cardKind === 'SKILL' ? (p.delta?.content ?? null) : null,
          })
        : null,
    source: p.source,
    author: p.author?.name ?? null,
    awaitingSecond: pending
      ? {
          reviewer: pending.reviewer.name,
          at: firstApprovals.at(-1)!.createdAt.toISOString(),
          card: plan.content,
          notYours: ownWorkConflict(actor, 'proposal:second-approval', plan.parties),
        }
      : null,
    secondReviewerRequired: secondReviewerRequired(await readReviewSettings(), p.ability),
  };
}
