import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { diffReleases } from '@/lib/releases/diff-releases';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { addVersion, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';

describe('release diff', () => {
  it('lists cards added, removed and changed between two releases, with the field diff of each change', async () => {
    const admin = await createActor('ADMIN');
    await createSkillCard({ content: skillContent({ title: 'Kept card' }) });
    const changed = await createSkillCard({
      content: skillContent({ title: 'Changed card', core_rule: 'Read the first page only' }),
    });
    const removed = await createSkillCard({ content: skillContent({ title: 'Removed card' }) });
    const a = await freezeRelease(admin, { name: `a-${uid()}`, note: 'a' });

    await addVersion(
      changed.card.id,
      skillContent({ title: 'Changed card', core_rule: 'Read every page before choosing' }),
    );
    await prisma.card.update({ where: { id: removed.card.id }, data: { status: 'MERGED' } });
    const added = await createSkillCard({ content: skillContent({ title: 'Added card' }) });
    const b = await freezeRelease(admin, { name: `b-${uid()}`, note: 'b' });

    const diff = await diffReleases(await createActor('ANNOTATOR'), a.name, b.name);
    expect(diff.added.map((c) => c.key)).toEqual([added.card.key]);
    expect(diff.removed.map((c) => c.key)).toEqual([removed.card.key]);
    expect(diff.changed.map((c) => c.key)).toEqual([changed.card.key]);
    expect(diff.unchanged).toBe(1);
    const change = diff.changed[0];
    expect(change).toMatchObject({ fromVersion: 1, version: 2 });
    expect(change.changes.map((c) => c.path)).toEqual(['skill.core_rule']);
    const rule = change.changes[0];
    expect(rule.kind === 'text' && rule.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(
      expect.arrayContaining(['every']),
    );
    expect(diff.added[0]).not.toHaveProperty('apps');

    const backwards = await diffReleases(admin, b.name, a.name);
    expect(backwards.added.map((c) => c.key)).toEqual([removed.card.key]);
    expect(backwards.removed.map((c) => c.key)).toEqual([added.card.key]);
    await expect(diffReleases(admin, a.name, 'missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reports a card moved to another bank as changed even when its content is the same version', async () => {
    const admin = await createActor('ADMIN');
    const card = await createSkillCard({ ability: `b1-${uid()}`, content: skillContent({ title: 'Mover' }) });
    const a = await freezeRelease(admin, { name: `m1-${uid()}`, note: 'n' });
    await prisma.card.update({ where: { id: card.card.id }, data: { ability: `b2-${uid()}` } });
    const b = await freezeRelease(admin, { name: `m2-${uid()}`, note: 'n' });
    const diff = await diffReleases(admin, a.name, b.name);
    const moved = diff.changed.find((c) => c.key === card.card.key)!;
    expect(moved.changes.map((c) => c.path)).toEqual(['bank.ability']);
  });
});
