import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { approveProposal } from '@/lib/review/approve-proposal';
import { checkEditedCard } from '@/lib/review/check-edited-card';
import { createActor } from '../../helpers/factories';
import { refusal } from '../../helpers/refusal';
import { pendingPatch } from '../../helpers/review-fixtures';

// Words the curator's inputs never had: measured for traceability they would be refused (well under 60% of them appear).
const OWN_RECOVERY =
  'Whenever paging stalls midway, restart enumeration from cursor zero, tallying duplicates carefully';
const OWN_TRIGGER = 'Several result pages exist and the newest message could sit on any of them';

function rewritten(card: SkillCardContent, over: Partial<SkillCardContent> = {}): SkillCardContent {
  return { ...card, ...over, skill: { ...card.skill, recovery: [OWN_RECOVERY] } };
}

describe('a reviewer writes: edit-then-approve keeps their own words', () => {
  it('approves words that are not traceable to the inputs, applies_when included on a PATCH, and records them as theirs', async () => {
    const { proposal, card } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const edited = rewritten(proposal.proposedCard as SkillCardContent, { applies_when: OWN_TRIGGER });

    // The live check agrees with approval: no traceability, no "PATCH must not change applies_when".
    expect((await checkEditedCard(reviewer, proposal.id, { editedCard: edited })).issues).toEqual([]);
    const result = await approveProposal(reviewer, proposal.id, { editedCard: edited });

    const v = await prisma.cardVersion.findUniqueOrThrow({
      where: { id: result.cardVersions[0].versionId },
      include: { review: true },
    });
    expect(v.cardId).toBe(card.cardId);
    expect(v.content).toMatchObject({ applies_when: OWN_TRIGGER, skill: { recovery: [OWN_RECOVERY] } });
    expect(v.review).toMatchObject({ decision: 'EDITED_APPROVED', reviewerId: reviewer.userId });
    expect(v.review!.authoredFields).toEqual(expect.arrayContaining(['applies_when', 'skill.recovery']));
    expect(v.review!.authoredFields).not.toContain('title');

    const provenance = await loadProposalProvenance(proposal.id);
    expect(provenance?.words).toEqual([
      { by: reviewer.name, fields: v.review!.authoredFields, handWritten: false, at: expect.any(String) },
    ]);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: 'proposal.edit-approve', entityId: proposal.id, actorId: reviewer.userId },
    });
    expect(audit.after).toMatchObject({ authoredFields: expect.arrayContaining(['skill.recovery']) });
  });

  it('still refuses a reviewer word that is private (an e-mail address), naming the field', async () => {
    const { proposal, card } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const base = proposal.proposedCard as SkillCardContent;
    const edited = {
      ...base,
      skill: { ...base.skill, recovery: ['Write to ops.lead@example.com when paging stalls'] },
    };

    const err = await refusal(approveProposal(reviewer, proposal.id, { editedCard: edited }));
    expect(err.status).toBe(422);
    expect(err.details).toContainEqual({
      path: 'skill.recovery[0]',
      message: expect.stringMatching(/^privacy: .*e-?mail/i),
    });
    expect(await prisma.cardVersion.count({ where: { cardId: card.cardId } })).toBe(1);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
  });

  it('still refuses a reviewer edit that breaks the schema (an upper-case tag, an empty title)', async () => {
    const { proposal } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const edited = { ...(proposal.proposedCard as SkillCardContent), title: '', tags: ['Paging', 'search', 'mail'] };

    const err = await refusal(approveProposal(reviewer, proposal.id, { editedCard: edited }));
    expect(err.status).toBe(422);
    const paths = err.details.filter((d) => d.message.startsWith('schema:')).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'tags.0']));
  });

  it("keeps measuring the curator's fields the reviewer did not touch", async () => {
    const { proposal } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const base = proposal.proposedCard as SkillCardContent;
    // A curator-written item nobody vouched for, beside a reviewer's rewrite of another field.
    await prisma.proposal.update({
      where: { id: proposal.id },
      data: { proposedCard: { ...base, skill: { ...base.skill, efficiency: [OWN_RECOVERY] } } },
    });
    const edited = { ...base, skill: { ...base.skill, efficiency: [OWN_RECOVERY] }, title: `${base.title} today` };

    const err = await refusal(approveProposal(reviewer, proposal.id, { editedCard: edited }));
    expect(err.details).toContainEqual({
      path: 'skill.efficiency[0]',
      message: expect.stringContaining('not traceable'),
    });
  });
});
