import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { approveProposal } from '@/lib/review/approve-proposal';
import { getProposal } from '@/lib/review/get-proposal';
import { listProposals } from '@/lib/review/list-proposals';
import { rejectProposal } from '@/lib/review/reject-proposal';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createActor } from '../../helpers/factories';
import { createSkillCard } from '../../helpers/reflection-fixtures';
import { pendingPatch, twinProposal } from '../../helpers/review-fixtures';

const idsOf = async (reviewer: Awaited<ReturnType<typeof createActor>>, query: Record<string, string>) =>
  (await listProposals(reviewer, { pageSize: '100', ...query })).items.map((i) => i.id);

describe('staleness applies to pending proposals only', () => {
  it('an approved PATCH is never stale (list, stale filter, facet count, detail) and its page shows base → the version it applied, edits included', async () => {
    const { proposal, card } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const edited = {
      ...(proposal.proposedCard as Record<string, unknown>),
      title: 'Read every result page before picking the newest',
    };
    const { cardVersions } = await approveProposal(reviewer, proposal.id, { editedCard: edited });

    const all = await listProposals(reviewer, { status: 'all', pageSize: '100' });
    expect(all.items.find((i) => i.id === proposal.id)).toMatchObject({ status: 'APPROVED', stale: false });
    expect(await idsOf(reviewer, { status: 'all', stale: 'true' })).not.toContain(proposal.id);
    expect(await idsOf(reviewer, { status: 'all', stale: 'false' })).toContain(proposal.id);
    expect((await listProposals(reviewer, { status: 'APPROVED' })).counts.stale).toBe(0);

    const detail = await getProposal(reviewer, proposal.id);
    expect(detail.stale).toBe(false);
    const [t] = detail.targets;
    expect(t).toMatchObject({
      stale: false,
      baseToCurrent: null,
      from: { label: 'base', number: 1 },
      to: { label: 'applied', number: cardVersions[0].number },
    });
    // The reviewer's edit is what was applied: it shows as a change, not struck out.
    const title = t.changes.find((c) => c.path === 'title');
    expect(title).toMatchObject({ changed: true, after: 'Read every result page before picking the newest' });
    expect(card.versionId).toBe(t.base?.id);
  });

  it('a rejected proposal whose card moved on is not stale either, and shows base → what it proposed', async () => {
    const { proposal } = await pendingPatch();
    const twin = await twinProposal(proposal);
    const reviewer = await createActor('REVIEWER');
    await rejectProposal(reviewer, twin.id, { reason: 'duplicate' });
    await approveProposal(reviewer, proposal.id);
    expect(await idsOf(reviewer, { status: 'all', stale: 'true' })).not.toContain(twin.id);
    const detail = await getProposal(reviewer, twin.id);
    expect(detail.stale).toBe(false);
    expect(detail.targets[0]).toMatchObject({
      stale: false,
      from: { label: 'base', number: 1 },
      to: { label: 'proposed', number: null },
    });
  });

  it('a pending proposal whose card moved on is still stale: current → proposed, with base → current', async () => {
    const { proposal } = await pendingPatch();
    const twin = await twinProposal(proposal);
    const reviewer = await createActor('REVIEWER');
    await approveProposal(reviewer, proposal.id);
    expect(await idsOf(reviewer, { stale: 'true' })).toContain(twin.id);
    const detail = await getProposal(reviewer, twin.id);
    expect(detail.stale).toBe(true);
    expect(detail.targets[0]).toMatchObject({
      stale: true,
      from: { label: 'current', number: 2 },
      to: { label: 'proposed', number: null },
    });
    expect(detail.targets[0].baseToCurrent).not.toBeNull();
  });

  it('an approved MERGE is not stale although it marked the other card MERGED', async () => {
    const ability = `merge-${Date.now()}`;
    const flags = DEMO_SKILL_CARDS[1].versions[0];
    const keep = await createSkillCard(flags, { ability, apps: ['mail'] });
    const dup = await createSkillCard(
      { ...flags, title: 'Leave flagged items out of a bulk move' },
      { ability, apps: ['mail'] },
    );
    const merge = await prisma.proposal.create({
      data: {
        cardKind: 'SKILL',
        ability,
        operation: 'MERGE_CARD',
        targetCardId: keep.cardId,
        proposedCard: flags,
        reason: 'same rule',
        status: 'PENDING',
        targets: {
          create: [
            { cardId: keep.cardId, baseVersionId: keep.versionId, primary: true },
            { cardId: dup.cardId, baseVersionId: dup.versionId, primary: false },
          ],
        },
      },
    });
    const reviewer = await createActor('REVIEWER');
    await approveProposal(reviewer, merge.id);
    expect(await idsOf(reviewer, { status: 'all', stale: 'true', ability })).toEqual([]);
    const detail = await getProposal(reviewer, merge.id);
    expect(detail.stale).toBe(false);
    expect(detail.targets.map((t) => [t.stale, t.to.label])).toEqual([
      [false, 'applied'],
      [false, 'applied'],
    ]);
  });
});
