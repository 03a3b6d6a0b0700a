import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { approveProposal } from '@/lib/review/approve-proposal';
import { checkEditedCard } from '@/lib/review/check-edited-card';
import { validateFinalContent, loadValidationInputs } from '@/lib/review/validate-proposal';
import { ACTIVE_CONTENT_PAYLOADS } from '../../helpers/active-content-payloads';
import { createActor } from '../../helpers/factories';
import { pendingPatch, versionRows } from '../../helpers/review-fixtures';

describe('active content in a card under review', () => {
  it('refuses a reviewer’s edit carrying a script link (422 naming the field) and writes nothing', async () => {
    const { proposal } = await pendingPatch();
    const reviewer = await createActor('REVIEWER');
    const edited = {
      ...(proposal.proposedCard as Record<string, unknown>),
      solves: 'Open [the inbox](javascript:alert(document.cookie)) first',
    };
    const before = await versionRows();
    const err = await approveProposal(reviewer, proposal.id, { editedCard: edited }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(422);
    expect((err as AppError).details).toContainEqual(
      expect.objectContaining({
        path: 'solves',
        message: expect.stringMatching(/^active_content: .*javascript: link/),
      }),
    );
    expect(await versionRows()).toEqual(before);
    expect((await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).status).toBe('PENDING');
    // The edit form's live check says the same before the reviewer presses approve.
    const { issues } = await checkEditedCard(reviewer, proposal.id, { editedCard: edited });
    expect(issues).toContainEqual(expect.objectContaining({ rule: 'active_content', path: 'solves' }));
  });

  it('finds every payload of the list in any field of a proposed card, as approval validates it', async () => {
    const { proposal } = await pendingPatch();
    const p = await prisma.proposal.findUniqueOrThrow({
      where: { id: proposal.id },
      include: {
        run: { select: { id: true, kind: true, taskId: true, settings: true } },
        delta: { select: { content: true } },
        targets: { include: { card: { select: { key: true, currentVersion: { select: { content: true } } } } } },
      },
    });
    const card = p.proposedCard as { skill: Record<string, unknown> } & Record<string, unknown>;
    const inputs = await loadValidationInputs(p, card);
    const targets = p.targets.map((t) => ({
      cardId: t.cardId,
      key: t.card.key,
      primary: t.primary,
      content: t.card.currentVersion?.content ?? null,
    }));
    for (const payload of ACTIVE_CONTENT_PAYLOADS) {
      const edited = { ...card, skill: { ...card.skill, recovery: [`Then ${payload}`] } };
      const issues = validateFinalContent(p, edited, targets, inputs).filter((i) => i.rule === 'active_content');
      expect(
        issues.map((i) => i.path),
        JSON.stringify(payload),
      ).toContain('skill.recovery[0]');
    }
    // And the card as proposed has none.
    expect(validateFinalContent(p, card, targets, inputs).filter((i) => i.rule === 'active_content')).toEqual([]);
  });
});
