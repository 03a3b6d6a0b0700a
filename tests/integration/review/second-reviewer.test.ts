import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { reviewThroughput } from '@/lib/dashboard/review-throughput';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { approveProposal } from '@/lib/review/approve-proposal';
import { getProposal } from '@/lib/review/get-proposal';
import { updateReviewSettings } from '@/lib/review/review-settings';
import { writeCard } from '@/lib/review/write-card';
import { skillContent } from '../../helpers/bank-factories';
import { createActor } from '../../helpers/factories';
import { refusal } from '../../helpers/refusal';
import { pendingPatch } from '../../helpers/review-fixtures';

async function requireSecondReviewer(on: boolean) {
  await updateReviewSettings(await createActor('ADMIN'), { secondReviewerForReviewerWords: on });
}

/** Runs `test` with the second reviewer required, and switches the setting off again whatever happens. */
async function withSecondReviewer(test: () => Promise<void>) {
  await requireSecondReviewer(true);
  try {
    await test();
  } finally {
    await requireSecondReviewer(false);
  }
}

// One database per test file: the setting is switched on in each test that needs it and off again after.
describe('a second reviewer for a reviewer’s words (admin setting)', () => {
  it('an edited card waits after the first approval, refuses its first approver, and applies on a different reviewer', () =>
    withSecondReviewer(async () => {
      const { proposal, card } = await pendingPatch();
      const [a, b] = [await createActor('REVIEWER'), await createActor('REVIEWER')];
      const base = proposal.proposedCard as SkillCardContent;
      const edited = { ...base, applies_when: 'Several result pages exist and any could hold the newest message' };

      const first = await approveProposal(a, proposal.id, { editedCard: edited, note: 'reworded the trigger' });
      expect(first).toMatchObject({ cardVersions: [], awaitingSecond: { firstReviewer: a.name } });
      expect(await prisma.cardVersion.count({ where: { cardId: card.cardId } })).toBe(1);
      expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
      expect(
        await prisma.auditLog.count({
          where: { action: 'proposal.first-approve', entityId: proposal.id, actorId: a.userId },
        }),
      ).toBe(1);
      const viewByA = await getProposal(a, proposal.id);
      expect(viewByA.awaitingSecond).toMatchObject({ reviewer: a.name, card: edited, notYours: expect.any(String) });
      expect((await getProposal(b, proposal.id)).awaitingSecond?.notYours).toBeNull();

      // Not a decision yet: the dashboard's review throughput does not count it.
      expect((await reviewThroughput({ ability: proposal.ability! })).overall).toMatchObject({ total: 0, pending: 1 });

      const own = await refusal(approveProposal(a, proposal.id));
      expect({ status: own.status, reason: own.reason }).toEqual({ status: 403, reason: 'OWN_WORK' });

      const second = await approveProposal(b, proposal.id, { note: 'agreed' });
      expect(second.awaitingSecond).toBeUndefined();
      const v = await prisma.cardVersion.findUniqueOrThrow({
        where: { id: second.cardVersions[0].versionId },
        include: { review: true },
      });
      expect(v.content).toMatchObject({ applies_when: edited.applies_when });
      expect(v.review).toMatchObject({ reviewerId: b.userId, decision: 'APPROVED', authoredFields: [] });
      // The words are A's; B approved them.
      expect((await loadProposalProvenance(proposal.id))?.words).toEqual([
        { by: a.name, fields: ['applies_when'], handWritten: false, at: expect.any(String) },
      ]);
      expect(
        await prisma.auditLog.count({
          where: { action: 'proposal.approve', entityId: proposal.id, actorId: b.userId },
        }),
      ).toBe(1);
    }));

  it('a hand-written card needs someone other than its author for the second approval', () =>
    withSecondReviewer(async () => {
      const { taskId } = await pendingPatch();
      const [author, other] = [await createActor('REVIEWER'), await createActor('REVIEWER')];
      const { proposalId } = await writeCard(author, {
        taskId,
        card: skillContent({ title: 'Check each page of a mailbox search', tags: ['mailbox', 'pages', 'search'] }),
      });
      expect((await approveProposal(author, proposalId)).awaitingSecond).toEqual({ firstReviewer: author.name });
      expect((await refusal(approveProposal(author, proposalId))).reason).toBe('OWN_WORK');
      const { cardVersions } = await approveProposal(other, proposalId);
      expect(cardVersions).toHaveLength(1);
    }));

  it("a curator's card approved as proposed applies at once, setting on or off", () =>
    withSecondReviewer(async () => {
      const { proposal } = await pendingPatch();
      const { cardVersions, awaitingSecond } = await approveProposal(await createActor('REVIEWER'), proposal.id);
      expect(cardVersions).toHaveLength(1);
      expect(awaitingSecond).toBeUndefined();
    }));

  it('scoped to other banks, an edited card of this bank applies on its one approval', async () => {
    const admin = await createActor('ADMIN');
    await updateReviewSettings(admin, { secondReviewerForReviewerWords: true, abilities: ['some-other-bank'] });
    try {
      const { proposal } = await pendingPatch();
      const base = proposal.proposedCard as SkillCardContent;
      const res = await approveProposal(await createActor('REVIEWER'), proposal.id, {
        editedCard: { ...base, title: `${base.title} (in other words)` },
      });
      expect(res.cardVersions).toHaveLength(1);
    } finally {
      await requireSecondReviewer(false);
    }
  });

  it('with the setting off, an edited card applies on its one approval', async () => {
    const { proposal } = await pendingPatch();
    const base = proposal.proposedCard as SkillCardContent;
    const { cardVersions } = await approveProposal(await createActor('REVIEWER'), proposal.id, {
      editedCard: { ...base, title: `${base.title} (reworded)` },
    });
    expect(cardVersions).toHaveLength(1);
  });

  it('the setting is an admin’s, validated and audited', async () => {
    const reviewer = await createActor('REVIEWER');
    expect((await refusal(updateReviewSettings(reviewer, { secondReviewerForReviewerWords: true }))).code).toBe(
      'FORBIDDEN',
    );
    const admin = await createActor('ADMIN');
    await expect(updateReviewSettings(admin, { secondReviewerForReviewerWords: 'yes' })).rejects.toThrow(
      /true or false/,
    );
    await updateReviewSettings(admin, { secondReviewerForReviewerWords: false });
    expect(await prisma.auditLog.count({ where: { action: 'settings.review.update', actorId: admin.userId } })).toBe(1);
  });
});
