import { describe, expect, it } from 'vitest';
import { compareArms } from '@/lib/compare/compare-arms';
import { newestReleaseRegressions } from '@/lib/compare/newest-release-regressions';
import { skillCardKey } from '@/lib/cards/card-schemas';
import { listCards } from '@/lib/cards/list-cards';
import { prisma } from '@/lib/db/prisma';
import { listProposals } from '@/lib/review/list-proposals';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { createActor } from '../../helpers/factories';

describe('the demo workspace shows a before / after pair of rounds', () => {
  it('fills the comparison and the headline on first start: one regression, three fixes', async () => {
    expect(await seedDemoWorkspace()).toBe(true);
    const actor = await createActor('RESEARCHER');
    const r = await compareArms(actor, { a: 'demo-r1', b: 'demo-r2' });
    expect(r.counts).toEqual({ pairs: 6, bothPass: 1, bothFail: 1, fixed: 3, broke: 1 });
    expect(r.flips[0]).toMatchObject({ kind: 'broke', taskExternalId: 'mail/1' });
    expect(r.regressions[0].failedCheckpoint).not.toBeNull();
    expect(r.regressions[0].cards.map((c) => [c.ref, c.timing.kind])).toEqual([
      [skillCardKey('a1f0c3'), 'task-start'],
      [skillCardKey('c3e4a7'), 'task-start'],
    ]);
    // Both releases hold the demo bank; R0 runs (the demo's three models) are not in either arm.
    expect(r.arms.b.banks[0]).toMatchObject({ release: 'demo-r2', known: true });
    expect(r.arms.b.banks[0].cards).toBeGreaterThanOrEqual(11);
    expect(r.arms.b.banks[0].renderedTokens).toBeGreaterThan(0);
    expect(await newestReleaseRegressions(actor, {})).toEqual({
      a: 'demo-r1',
      b: 'demo-r2',
      pairs: 6,
      broke: 1,
      fixed: 3,
    });
  });
});

describe("the review inbox shows a card's record beside a proposal that changes it", () => {
  it('gives the PATCH and NARROW proposals of the demo their target card’s helped / hurt counts', async () => {
    await seedDemoWorkspace();
    const page = await listProposals(await createActor('REVIEWER'), { status: 'all', pageSize: 100 });
    const recordOf = (hex: string, operation: string) =>
      page.items.find((p) => p.operation === operation && p.targets.find((t) => t.primary)?.key === skillCardKey(hex))
        ?.record;
    // a1f0c3 was injected into mail/1 (broke), mail/2 and mail/3 (fixed) under demo-r2;
    // c3e4a7 only into mail/1.
    expect(recordOf('a1f0c3', 'PATCH_CARD')).toEqual({ helped: 2, hurt: 1 });
    expect(recordOf('c3e4a7', 'NARROW_TRIGGER')).toEqual({ helped: 0, hurt: 1 });
    expect(page.items.filter((p) => p.operation === 'ADD_CARD').every((p) => p.record === null)).toBe(true);
  });

  it('reads the record from the kept totals, not by pairing runs per view', async () => {
    await seedDemoWorkspace();
    // Only the summary moves: the runs, and so a per-view pairing, still say one hurt.
    await prisma.cardRecordCount.update({ where: { ref: skillCardKey('c3e4a7') }, data: { hurt: { increment: 5 } } });
    const page = await listProposals(await createActor('REVIEWER'), { status: 'all', pageSize: 100 });
    const narrow = page.items.find(
      (p) => p.operation === 'NARROW_TRIGGER' && p.targets.find((t) => t.primary)?.key === skillCardKey('c3e4a7'),
    );
    expect(narrow?.record).toEqual({ helped: 0, hurt: 6 });
    await prisma.cardRecordCount.update({ where: { ref: skillCardKey('c3e4a7') }, data: { hurt: { decrement: 5 } } });
  });

  it('lists the regressing card in the bank filtered to "hurt more than helped", sorted by hurt', async () => {
    await seedDemoWorkspace();
    const bank = await listCards(await createActor('RESEARCHER'), { sort: 'hurt', record: 'hurt-more', pageSize: 100 });
    expect(bank.items.map((c) => [c.key, c.helped, c.hurt])).toContainEqual([skillCardKey('c3e4a7'), 0, 1]);
    expect(bank.items.map((c) => c.key)).not.toContain(skillCardKey('a1f0c3'));
  });
});
