import type { Prisma, ProposalSource } from '@prisma/client';
import { requireNotOwnWork, type Actor } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { ALL_FIELDS, authoredFields } from './reviewer-words';

/**
 * What one approval call approves, whose words are in it, and whether it
 * applies the card or records the first of two approvals (the admin setting
 * for a reviewer's words, lib/review/review-settings.ts). Pure: the approval
 * transaction (lib/review/approve-proposal.ts) loads the inputs and acts on it.
 */
export type FirstApproval = {
  id: string;
  reviewerId: string;
  reviewer: { name: string };
  editedCard: unknown;
  authoredFields: string[];
};

/** The reviews `planApproval` reads, as a Prisma include of a proposal. */
export const firstApprovalsInclude = {
  where: { decision: 'FIRST_APPROVED' },
  orderBy: { createdAt: 'asc' },
  select: { id: true, reviewerId: true, reviewer: { select: { name: true } }, editedCard: true, authoredFields: true },
} satisfies Prisma.Proposal$reviewsArgs;

export type ApprovalProposal = {
  source: ProposalSource;
  authorId: string | null;
  proposedCard: unknown;
  /** The proposal's FIRST_APPROVED reviews, oldest first: the last is the one waiting for a second reviewer. */
  firstApprovals: FirstApproval[];
};

export type ApprovalPlan = {
  /** The card this call approves: the edited one, else the one the first approval approved, else the proposal's. */
  content: unknown;
  /** Fields this reviewer wrote in this call (relative to what they were shown). */
  newAuthored: string[];
  /** Every field written by a reviewer so far, this call included: validated as reviewer's words. */
  allAuthored: string[];
  pendingFirst: FirstApproval | null;
  /** Whoever wrote words in the card or gave it its first approval. */
  parties: string[];
};

export function planApproval(p: ApprovalProposal, editedCard: unknown): ApprovalPlan {
  const pendingFirst = p.firstApprovals.at(-1) ?? null;
  const base = pendingFirst?.editedCard ?? p.proposedCard;
  const edited = editedCard !== undefined && editedCard !== null;
  const newAuthored = edited ? authoredFields(base, editedCard) : [];
  const handWritten = p.source === 'REVIEWER_WRITTEN';
  const allAuthored = [
    ...new Set([
      ...(handWritten ? [ALL_FIELDS] : []),
      ...p.firstApprovals.flatMap((r) => r.authoredFields),
      ...newAuthored,
    ]),
  ];
  const parties = [
    ...(handWritten && p.authorId ? [p.authorId] : []),
    ...p.firstApprovals.filter((r) => r.authoredFields.length).map((r) => r.reviewerId),
    ...(pendingFirst ? [pendingFirst.reviewerId] : []),
  ];
  return { content: edited ? editedCard : base, newAuthored, allAuthored, pendingFirst, parties };
}

/**
 * 'apply' writes the card; 'first' records an approval that waits for a second,
 * different reviewer. With the setting on, a card with a reviewer's words
 * applies only on an approval that adds no words of its own after a first one,
 * given by someone who neither wrote nor first approved it.
 */
export function approvalStage(plan: ApprovalPlan, actor: Actor, secondRequired: boolean): 'apply' | 'first' {
  if (!secondRequired || plan.allAuthored.length === 0) return 'apply';
  if (!plan.pendingFirst || plan.newAuthored.length) return 'first';
  requireNotOwnWork(actor, 'proposal:second-approval', plan.parties);
  return 'apply';
}

/** 409: another first approval was recorded between reading the proposal and locking it. */
export function firstApprovedMeanwhile(by: string): AppError {
  return new AppError(
    'CONFLICT',
    `${by} approved this proposal meanwhile and it is awaiting a second reviewer: reload it to see the card they approved`,
    [{ path: 'status', message: 'awaiting a second reviewer' }],
    { reason: 'FIRST_APPROVED_MEANWHILE' },
  );
}
