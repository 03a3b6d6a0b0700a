import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { rejectProposal } from '@/lib/review/reject-proposal';
import { createActor } from '../../helpers/factories';
import { refusal } from '../../helpers/refusal';
import { createQueuedRun } from '../../helpers/reflection-fixtures';
import { pendingPatch, twinProposal, versionRows } from '../../helpers/review-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

describe('approving a proposal (one transaction)', () => {
  it('applies a PATCH as version 2 whose parent is the base, with the review, proposal link and an audit entry', async () => {
    const { proposal, card } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const result = await approveProposal(reviewer, proposal.id, { note: 'looks right' });
    expect(result.cardVersions).toEqual([
      { cardId: card.cardId, key: card.key, versionId: expect.any(String), number: 2 },
    ]);
    const v = await prisma.cardVersion.findUniqueOrThrow({
      where: { id: result.cardVersions[0].versionId },
      include: { review: true },
    });
    expect(v.parentVersionId).toBe(card.versionId);
    expect(v.proposalId).toBe(proposal.id);
    expect(v.review).toMatchObject({ decision: 'APPROVED', note: 'looks right', reviewerId: reviewer.userId });
    expect(v.content).toEqual(proposal.proposedCard);
    expect((await prisma.card.findUniqueOrThrow({ where: { id: card.cardId } })).currentVersionId).toBe(v.id);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('APPROVED');
    expect(
      await prisma.auditLog.count({
        where: { action: 'proposal.approve', entityId: proposal.id, actorId: reviewer.userId },
      }),
    ).toBe(1);
  });

  it('applies exactly once when 20 reviewers approve the same proposal at the same moment', async () => {
    const { proposal, card } = await pendingPatch();
    const reviewers = await Promise.all(Array.from({ length: 20 }, () => createActor('REVIEWER')));
    const before = await prisma.cardVersion.count({ where: { cardId: card.cardId } });
    const results = await Promise.allSettled(reviewers.map((r) => approveProposal(r, proposal.id)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((e) => `${e.status} ${e.reason}`))).toEqual(new Set(['409 NOT_PENDING']));
    expect(await prisma.cardVersion.count({ where: { cardId: card.cardId } })).toBe(before + 1);
    expect(await prisma.review.count({ where: { proposalId: proposal.id } })).toBe(1);
  });

  it('never applies two proposals on the same base version, even in parallel; the loser is told which card changed', async () => {
    const { proposal, card } = await pendingPatch();
    const twin = await twinProposal(proposal);
    const [a, b] = await Promise.all([createActor('REVIEWER'), createActor('REVIEWER')]);
    const results = await Promise.allSettled([approveProposal(a, proposal.id), approveProposal(b, twin.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(AppError);
    expect((loser.reason as AppError).status).toBe(409);
    expect((loser.reason as AppError).reason).toBe('STALE');
    expect((loser.reason as AppError).message).toContain(card.key);
    expect(await prisma.cardVersion.count({ where: { cardId: card.cardId } })).toBe(2);
  });

  it('refuses a proposal a newer reflection run superseded while the reviewer looked', async () => {
    const { proposal, taskId } = await pendingPatch();
    const rerun = await createQueuedRun({ taskId, settings: offline });
    await executeRun(rerun.id);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('SUPERSEDED');
    const before = await versionRows();
    const err = await refusal(approveProposal(await createActor('REVIEWER'), proposal.id));
    expect([err.status, err.reason]).toEqual([409, 'NOT_PENDING']);
    expect(err.message).toMatch(/newer reflection/);
    expect(await versionRows()).toEqual(before);
  });

  it('refuses an edited card carrying an e-mail address (privacy validator, 422) and writes nothing', async () => {
    const { proposal } = await pendingPatch();
    const edited = {
      ...(proposal.proposedCard as Record<string, unknown>),
      solves: 'Write to jane.doe@example.com when the newest message is missing',
    };
    const before = await versionRows();
    const err = await refusal(approveProposal(await createActor('REVIEWER'), proposal.id, { editedCard: edited }));
    expect(err.status).toBe(422);
    expect(err.details).toContainEqual(
      expect.objectContaining({ path: 'solves', message: expect.stringMatching(/^privacy: .*jane\.doe@example\.com/) }),
    );
    expect(await versionRows()).toEqual(before);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
    expect(await prisma.review.count({ where: { proposalId: proposal.id } })).toBe(0);
  });

  it('stores an edited approval as EDITED_APPROVED with the edited card as the new version', async () => {
    const { proposal } = await pendingPatch();
    const edited = {
      ...(proposal.proposedCard as Record<string, unknown>),
      title: 'Read every result page before picking the newest',
    };
    const { cardVersions } = await approveProposal(await createActor('REVIEWER'), proposal.id, { editedCard: edited });
    const v = await prisma.cardVersion.findUniqueOrThrow({
      where: { id: cardVersions[0].versionId },
      include: { review: true, card: true },
    });
    expect(v.content).toEqual(edited);
    expect(v.review?.decision).toBe('EDITED_APPROVED');
    expect(v.review?.editedCard).toEqual(edited);
    expect(v.card.title).toBe('Read every result page before picking the newest');
  });

  // The operation's field rules bind what the curator proposes; a reviewer's own rewrite of applies_when is
  // theirs to make (tests/integration/review/reviewer-words.test.ts).
  it('refuses a PATCH whose curator card changes applies_when (the scope) with the operation rule', async () => {
    const { proposal } = await pendingPatch();
    const widened = { ...(proposal.proposedCard as Record<string, unknown>), applies_when: 'Any search at all' };
    await prisma.proposal.update({ where: { id: proposal.id }, data: { proposedCard: widened } });
    const err = await refusal(approveProposal(await createActor('REVIEWER'), proposal.id));
    expect(err.status).toBe(422);
    expect(err.details).toContainEqual(
      expect.objectContaining({
        path: 'applies_when',
        message: expect.stringMatching(/^operation: PATCH_CARD must not change applies_when/),
      }),
    );
  });

  it('lets annotators and researchers decide nothing', async () => {
    const { proposal } = await pendingPatch();
    for (const role of ['ANNOTATOR', 'RESEARCHER'] as const) {
      const actor = await createActor(role);
      expect((await refusal(approveProposal(actor, proposal.id))).status).toBe(403);
      expect((await refusal(rejectProposal(actor, proposal.id, { reason: 'no' }))).status).toBe(403);
    }
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
  });

  it('requires a reason to reject, then rejects with the reason as the review note', async () => {
    const { proposal } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    await expect(rejectProposal(reviewer, proposal.id, { reason: '   ' })).rejects.toThrow(
      /A rejection needs a reason/,
    );
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
    await rejectProposal(reviewer, proposal.id, { reason: 'Too broad' });
    expect(await prisma.review.findFirstOrThrow({ where: { proposalId: proposal.id } })).toMatchObject({
      decision: 'REJECTED',
      note: 'Too broad',
    });
    expect((await refusal(approveProposal(reviewer, proposal.id))).reason).toBe('NOT_PENDING');
  });
});
