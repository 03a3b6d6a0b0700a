import { describe, expect, it } from 'vitest';
import { rollbackCard } from '@/lib/cards/rollback-card';
import { prisma } from '@/lib/db/prisma';
import { addVersion, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor } from '../../helpers/factories';

describe('restoring a card version', () => {
  it('refuses, 409 SAME_CONTENT, a version with the content the card has now, and writes no empty version', async () => {
    const reviewer = await createActor('REVIEWER');
    const v1 = skillContent({ title: 'First wording' });
    const v2 = skillContent({ title: 'Second wording' });
    const { card } = await createSkillCard({ content: v1 });
    await addVersion(card.id, v2);
    // v3 went back to v1's content; v4 to v2's, with the keys in another order (order never counts).
    await addVersion(card.id, v1);
    await addVersion(card.id, Object.fromEntries(Object.entries(v2).reverse()));

    const err = await rollbackCard(reviewer, card.key, { versionNumber: 2, note: 'back to the second wording' }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({
      status: 409,
      reason: 'SAME_CONTENT',
      message: 'v2 has the same content as the current v4; nothing to restore',
      details: [{ path: 'versionNumber' }],
    });
    expect(await prisma.cardVersion.count({ where: { cardId: card.id } })).toBe(4);
    expect(await prisma.auditLog.count({ where: { action: 'card.rollback', entityId: card.id } })).toBe(0);

    // A version with other content is restored as before.
    expect(
      await rollbackCard(reviewer, card.key, { versionNumber: 1, note: 'the first wording was right' }),
    ).toMatchObject({ number: 5 });
  });

  it('says the version number is not a number, rather than missing, when it is given as text', async () => {
    const reviewer = await createActor('REVIEWER');
    const { card } = await createSkillCard();
    for (const versionNumber of ['x', 0, undefined]) {
      const err = await rollbackCard(reviewer, card.key, { versionNumber, note: 'restore' }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        issues: [{ path: ['versionNumber'], message: 'the number of the version to restore (1, 2, …)' }],
      });
    }
  });
});
