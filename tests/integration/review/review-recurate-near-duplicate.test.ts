import { afterAll, describe, expect, it } from 'vitest';
import { skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import { appendCardVersion } from '@/lib/cards/append-version';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { executeRun } from '@/lib/reflection/execute-run';
import { recurateProposal } from '@/lib/review/recurate-proposal';
import { createActor } from '../../helpers/factories';
import { pendingPatch } from '../../helpers/review-fixtures';

afterAll(() => stopBoss());

describe('re-curating a stale PATCH against a card reworded like its delta', () => {
  it('still proposes the items the card lacks (a PATCH on the current version), not a near-duplicate no-op that drops them', async () => {
    const { proposal, card } = await pendingPatch();
    const delta = skillCardSchema.parse(
      (await prisma.skillDelta.findUniqueOrThrow({ where: { id: proposal.deltaId! } })).content,
    );
    const v1 = skillCardSchema.parse(
      (await prisma.cardVersion.findUniqueOrThrow({ where: { id: card.versionId } })).content,
    );
    // The card moves on: a reviewer rewords its rule as the delta words it, without any of the delta's new list items.
    const reworded: SkillCardContent = {
      ...v1,
      title: delta.title,
      applies_when: delta.applies_when,
      tags: delta.tags,
      skill: { ...v1.skill, core_rule: delta.skill.core_rule },
    };
    await prisma.$transaction((tx) =>
      appendCardVersion(tx, {
        cardId: card.cardId,
        kind: 'SKILL',
        content: reworded,
        parentVersionId: card.versionId,
        createdById: null,
      }),
    );

    const reviewer = await createActor('REVIEWER');
    const { run } = await recurateProposal(reviewer, proposal.id);
    await executeRun(run.id);
    const [fresh] = await prisma.proposal.findMany({ where: { runId: run.id }, include: { targets: true } });
    expect(fresh.reason).not.toMatch(/Near-duplicate/);
    expect(fresh).toMatchObject({ operation: 'PATCH_CARD', status: 'PENDING', recuratedFromId: proposal.id });
    const current = await prisma.card.findUniqueOrThrow({ where: { id: card.cardId } });
    expect(fresh.targets.map((t) => t.baseVersionId)).toEqual([current.currentVersionId]);
    // What the stale PATCH proposed to add is still proposed.
    const stale = skillCardSchema.parse(proposal.proposedCard);
    const proposed = skillCardSchema.parse(fresh.proposedCard);
    for (const item of stale.skill.recovery.filter((r) => !v1.skill.recovery.includes(r)))
      expect(proposed.skill.recovery).toContain(item);
  });
});
