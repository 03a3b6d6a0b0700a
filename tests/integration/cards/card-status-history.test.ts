import { describe, expect, it } from 'vitest';
import { getCard } from '@/lib/cards/get-card';
import { renderCardRuntimeText } from '@/lib/retrieval/render';
import { setCardStatus } from '@/lib/cards/set-card-status';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createActor } from '../../helpers/factories';
import { createSkillCard } from '../../helpers/reflection-fixtures';

describe('card status history', () => {
  it('keeps who retired and reactivated a card, when, and their note, on the card (newest first)', async () => {
    const { key } = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability: 'mail' });
    const alice = await createActor('REVIEWER');
    const bob = await createActor('REVIEWER');
    const names = await prisma.user.findMany({
      where: { id: { in: [alice.userId, bob.userId] } },
      select: { id: true, name: true },
    });
    const name = (id: string) => names.find((u) => u.id === id)!.name;
    expect((await getCard(alice, key, renderCardRuntimeText)).statusHistory).toEqual([]);

    await setCardStatus(alice, key, { status: 'RETIRED', note: 'too scenario-specific' });
    await setCardStatus(bob, key, { status: 'ACTIVE', note: 'needed for the mail bank after all' });
    const { statusHistory, versions } = await getCard(alice, key, renderCardRuntimeText);
    expect(statusHistory.map(({ from, to, note, actor }) => ({ from, to, note, actor }))).toEqual([
      { from: 'RETIRED', to: 'ACTIVE', note: 'needed for the mail bank after all', actor: name(bob.userId) },
      { from: 'ACTIVE', to: 'RETIRED', note: 'too scenario-specific', actor: name(alice.userId) },
    ]);
    expect(Date.parse(statusHistory[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(statusHistory[1].createdAt));
    // A status change makes no version.
    expect(versions).toHaveLength(1);
  });

  it('a refused status change (already retired) records nothing', async () => {
    const { key } = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability: 'mail' });
    const reviewer = await createActor('REVIEWER');
    await setCardStatus(reviewer, key, { status: 'RETIRED', note: 'first' });
    await expect(setCardStatus(reviewer, key, { status: 'RETIRED', note: 'again' })).rejects.toThrow(/already retired/);
    expect((await getCard(reviewer, key, renderCardRuntimeText)).statusHistory.map((c) => c.note)).toEqual(['first']);
  });
});
