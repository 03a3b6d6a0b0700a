import { randomBytes } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { appendCardVersion, listFieldsOf, lockCards } from '@/lib/cards/append-version';
import { functionCardKey, skillCardKey } from '@/lib/cards/card-schemas';
import { prisma, type Tx } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { approvalStage, firstApprovalsInclude, firstApprovedMeanwhile, planApproval } from './approval-plan';
import { invalidContent, notPending, sameTitleError, staleError, type StaleTarget } from './review-errors';
import { readReviewSettings, secondReviewerRequired } from './review-settings';
import { loadValidationInputs, validateFinalContent, type CurrentTarget } from './validate-proposal';

export const approveInputSchema = z.strictObject({
  /** The reviewer's edited card (edit-then-approve); the proposal's card when absent. */
  editedCard: z.unknown().optional(),
  note: z.string().trim().max(2000).optional(),
});
export type ApproveInput = z.input<typeof approveInputSchema>;

export type ApprovedVersion = { cardId: string; key: string; versionId: string; number: number };
export type ApproveResult = {
  cardVersions: ApprovedVersion[];
  reviewId: string;
  /** Set when this was the first of two approvals: nothing entered the bank yet. */
  awaitingSecond?: { firstReviewer: string };
};

const proposalInclude = {
  run: { select: { id: true, kind: true, taskId: true, settings: true } },
  delta: { select: { content: true } },
  targets: { include: { card: { select: { key: true } } } },
  reviews: firstApprovalsInclude,
} satisfies Prisma.ProposalInclude;

/**
 * THE approval transaction (docs/architecture.md "One of each"): the UI, the API
 * and any batch path call this. Inside one transaction, under row locks on
 * the proposal and every target card, it re-checks that the proposal is
 * still PENDING, that every target is still at the version the proposal was
 * based on, and that the final content (the edited card, if any) passes
 * validation against the cards as they are now. Any failure writes nothing:
 * 409 NOT_PENDING, 409 STALE (naming the card), 422 with the reasons.
 *
 * Words a reviewer wrote (edited fields, a hand-written card) are validated
 * as theirs (lib/review/reviewer-words.ts) and recorded on the review. With
 * the admin setting on, such a card first gets an approval that waits
 * (FIRST_APPROVED, nothing written to the bank), and applies on a second,
 * different reviewer's approval (lib/review/approval-plan.ts).
 *
 * ADD creates the card at version 1; PATCH and NARROW append version n+1
 * whose parent is the base; MERGE appends a version to the kept card and
 * marks the others MERGED into it. Versions are never updated in place.
 */
export async function approveProposal(
  actor: Actor,
  proposalId: string,
  input: ApproveInput = {},
): Promise<ApproveResult> {
  requirePermission(actor, 'proposal:review');
  const { editedCard, note } = approveInputSchema.parse(input ?? {});
  const edited = editedCard !== undefined && editedCard !== null;

  const p = await prisma.proposal.findUnique({ where: { id: proposalId }, include: proposalInclude });
  if (!p) throw notFound(`Proposal ${proposalId}`);
  if (p.status !== 'PENDING') throw notPending(p.status);
  if (p.operation === 'NOOP') throw notPending('NOOP');
  const plan = planApproval({ ...p, firstApprovals: p.reviews }, editedCard);
  const { content } = plan;
  // Card-independent inputs (observed tools, scenario values) are loaded before any lock is taken.
  const inputs = await loadValidationInputs(p, content);

  return prisma.$transaction(
    async (tx) => {
      const [locked] = await tx.$queryRaw<
        { status: string }[]
      >`SELECT status::text AS status FROM "Proposal" WHERE id = ${proposalId} FOR UPDATE`;
      if (!locked) throw notFound(`Proposal ${proposalId}`);
      if (locked.status !== 'PENDING') throw notPending(locked.status);
      const first = await tx.review.findFirst({
        where: { proposalId, decision: 'FIRST_APPROVED' },
        orderBy: { createdAt: 'desc' },
        select: { id: true, reviewer: { select: { name: true } } },
      });
      if (first && first.id !== plan.pendingFirst?.id) throw firstApprovedMeanwhile(first.reviewer.name);
      const stage = approvalStage(plan, actor, secondReviewerRequired(await readReviewSettings(tx), p.ability));

      const cards = await lockCards(
        tx,
        p.targets.map((t) => t.cardId),
      );
      const changed: StaleTarget[] = [];
      for (const t of p.targets) {
        const now = cards.get(t.cardId);
        if (!now || now.currentVersionId !== t.baseVersionId || now.status === 'MERGED') {
          changed.push({
            cardId: t.cardId,
            key: t.card.key,
            baseVersionId: t.baseVersionId,
            currentVersionId: now?.currentVersionId ?? null,
          });
        }
      }
      if (changed.length) throw staleError(await withNumbers(tx, changed));

      const current = await currentTargets(
        tx,
        p.targets.map((t) => ({ cardId: t.cardId, key: t.card.key, primary: t.primary, versionId: t.baseVersionId })),
      );
      const issues = validateFinalContent(p, content, current, inputs, plan.allAuthored);
      if (issues.length) throw invalidContent(issues);

      const review = await tx.review.create({
        data: {
          proposalId,
          reviewerId: actor.userId,
          decision: stage === 'first' ? 'FIRST_APPROVED' : edited ? 'EDITED_APPROVED' : 'APPROVED',
          note: note || null,
          // The card approved when it differs from the proposal's: the second reviewer approves exactly this one.
          editedCard: content !== p.proposedCard ? (content as Prisma.InputJsonValue) : undefined,
          authoredFields: plan.newAuthored,
        },
        select: { id: true },
      });
      if (stage === 'first') {
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'proposal.first-approve',
          entityType: 'Proposal',
          entityId: proposalId,
          before: { status: 'PENDING' },
          after: {
            status: 'PENDING',
            awaiting: 'a second reviewer',
            reviewId: review.id,
            authoredFields: plan.newAuthored,
            note: note || null,
          },
        });
        return { cardVersions: [], reviewId: review.id, awaitingSecond: { firstReviewer: actor.name } };
      }
      const link = { proposalId, reviewId: review.id, createdById: actor.userId };
      let version: ApprovedVersion;
      if (p.operation === 'ADD_CARD') {
        version = await addCard(tx, p.cardKind, p.ability, content, link);
      } else {
        const kept = current.find((t) => t.primary) ?? current[0];
        const base = p.targets.find((t) => t.cardId === kept.cardId)!;
        const v = await appendCardVersion(tx, {
          cardId: kept.cardId,
          kind: p.cardKind,
          content,
          parentVersionId: base.baseVersionId,
          ...link,
        });
        version = { cardId: kept.cardId, key: kept.key, ...v };
        if (p.operation === 'MERGE_CARD') {
          const others = current.filter((t) => t.cardId !== kept.cardId).map((t) => t.cardId);
          await tx.card.updateMany({
            where: { id: { in: others } },
            data: { status: 'MERGED', mergedIntoId: kept.cardId },
          });
        }
      }
      await tx.proposal.update({ where: { id: proposalId }, data: { status: 'APPROVED' } });
      await recordAudit(tx, {
        actorId: actor.userId,
        action: edited ? 'proposal.edit-approve' : 'proposal.approve',
        entityType: 'Proposal',
        entityId: proposalId,
        before: { status: 'PENDING', targets: p.targets.map((t) => ({ key: t.card.key, versionId: t.baseVersionId })) },
        after: {
          status: 'APPROVED',
          reviewId: review.id,
          note: note || null,
          authoredFields: plan.allAuthored,
          cardVersions: [version],
        },
      });
      return { cardVersions: [version], reviewId: review.id };
    },
    // Concurrent approvals queue on the row lock; give them room to wait their turn.
    { maxWait: 15_000, timeout: 20_000 },
  );
}

async function withNumbers(tx: Tx, changed: StaleTarget[]): Promise<StaleTarget[]> {
  const ids = changed.flatMap((c) => [c.baseVersionId, c.currentVersionId]).filter((x): x is string => Boolean(x));
  const numbers = new Map(
    (await tx.cardVersion.findMany({ where: { id: { in: ids } }, select: { id: true, number: true } })).map((v) => [
      v.id,
      v.number,
    ]),
  );
  return changed.map((c) => ({
    ...c,
    baseNumber: c.baseVersionId ? numbers.get(c.baseVersionId) : null,
    currentNumber: c.currentVersionId ? numbers.get(c.currentVersionId) : null,
  }));
}

async function currentTargets(
  tx: Tx,
  targets: { cardId: string; key: string; primary: boolean; versionId: string | null }[],
): Promise<CurrentTarget[]> {
  const ids = targets.map((t) => t.versionId).filter((x): x is string => Boolean(x));
  const contents = new Map(
    (await tx.cardVersion.findMany({ where: { id: { in: ids } }, select: { id: true, content: true } })).map((v) => [
      v.id,
      v.content,
    ]),
  );
  return targets.map((t) => ({
    cardId: t.cardId,
    key: t.key,
    primary: t.primary,
    content: t.versionId ? (contents.get(t.versionId) ?? null) : null,
  }));
}

async function addCard(
  tx: Tx,
  kind: 'SKILL' | 'FUNCTION',
  ability: string | null,
  content: unknown,
  link: { proposalId: string; reviewId: string; createdById: string },
): Promise<ApprovedVersion> {
  const c = content as { tool?: string; app?: string; functions_used?: string[] };
  const key = kind === 'FUNCTION' ? functionCardKey(String(c.tool)) : skillCardKey(randomBytes(4).toString('hex'));
  if (kind === 'FUNCTION') {
    // Two ADDs for one tool: the second sees the first's card (the unique key backs this up).
    const existing = await tx.card.findUnique({ where: { key }, select: { id: true, currentVersionId: true } });
    if (existing)
      throw staleError([
        { cardId: existing.id, key, baseVersionId: null, currentVersionId: existing.currentVersionId },
      ]);
  }
  if (kind === 'SKILL') await refuseSameTitle(tx, ability, content);
  const apps =
    kind === 'FUNCTION' ? [String(c.app)] : [...new Set((c.functions_used ?? []).map((f) => f.split('.')[0]))];
  const card = await tx.card
    .create({
      data: { key, kind, ability: kind === 'FUNCTION' ? null : ability, apps, ...listFieldsOf(kind, content) },
      select: { id: true },
    })
    .catch((e: { code?: string }) => {
      // A concurrent ADD of the same function card committed first.
      if (e.code === 'P2002') throw staleError([{ cardId: '', key, baseVersionId: null, currentVersionId: null }]);
      throw e;
    });
  const v = await appendCardVersion(tx, { cardId: card.id, kind, content, parentVersionId: null, ...link });
  if (v.number !== 1) throw new AppError('INTERNAL', 'A new card must start at version 1');
  return { cardId: card.id, key, ...v };
}

/**
 * Two ADDs of one rule: the offline curator curates each delta of a run against the bank as it was, so
 * two deltas about one call (τ²-bench airline/25: the action check and the db check, both diagnosed)
 * became two ADDs titled alike, and approving both put the card in the bank twice. The second now sees
 * the first's card, as a second function-card ADD does, and is refused naming it. The lock makes two
 * concurrent approvals of such ADDs take turns.
 */
async function refuseSameTitle(tx: Tx, ability: string | null, content: unknown): Promise<void> {
  const title = String((content as { title?: unknown } | null)?.title ?? '').trim();
  if (!title) return;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`skill-title|${ability ?? ''}|${title.toLowerCase()}`}, 0))`;
  const same = await tx.card.findFirst({
    where: { kind: 'SKILL', ability, status: 'ACTIVE', title: { equals: title, mode: 'insensitive' } },
    select: { key: true, currentVersionId: true },
  });
  if (same) throw sameTitleError(same, ability);
}
