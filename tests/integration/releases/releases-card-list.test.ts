import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { listReleaseCards } from '@/lib/releases/list-release-cards';
import { getRelease } from '@/lib/releases/read-release';
import { addVersion, createFunctionCard, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, uid } from '../../helpers/factories';

const word = `quillet${uid()}`;

describe("a release's card list", () => {
  it('pages the frozen cards by key, searched by title or key, with the version each card was frozen at', async () => {
    const skills: Awaited<ReturnType<typeof createSkillCard>>[] = [];
    for (let i = 0; i < 5; i++)
      skills.push(
        await createSkillCard({
          content: skillContent({ title: `Check ${word} ${i}`, tags: [word, 'check', 'list'] }),
        }),
      );
    await addVersion(
      skills[0].card.id,
      skillContent({ title: `Check ${word} 0 twice`, tags: [word, 'check', 'list'] }),
    );
    const fn = await createFunctionCard(`mail.${word}_lookup`);
    const researcher = await createActor('RESEARCHER');
    const release = await freezeRelease(researcher, { name: `cards-${uid()}`, note: 'paged' });
    // Changed after the freeze: the release still lists what it froze.
    await addVersion(skills[1].card.id, skillContent({ title: `Thawed ${word}`, tags: [word, 'check', 'list'] }));

    const keys = [...skills.map((s) => s.card.key), fn.card.key].sort();
    const pages = await Promise.all(
      [1, 2, 3].map((page) =>
        listReleaseCards(researcher, release.name, { q: word, pageSize: '2', page: String(page) }),
      ),
    );
    expect(pages.map((p) => p.items.map((c) => c.key))).toEqual([keys.slice(0, 2), keys.slice(2, 4), keys.slice(4, 6)]);
    expect(pages[0]).toMatchObject({ total: 6, page: 1, pageSize: 2, pageCount: 3 });
    // The same rows GET /api/releases/<name> lists in full.
    const full = (await getRelease(researcher, release.name)).cardList.filter((c) => keys.includes(c.key));
    expect(pages.flatMap((p) => p.items)).toEqual(full);
    expect(full.find((c) => c.key === skills[0].card.key)).toMatchObject({
      title: `Check ${word} 0 twice`,
      version: 2,
    });
    expect(full.find((c) => c.key === skills[1].card.key)).toMatchObject({ title: `Check ${word} 1`, version: 1 });

    // A function card is found by its tool (its title), a skill by its key; the kind filter narrows.
    expect((await listReleaseCards(researcher, release.name, { q: `${word}_LOOKUP` })).items.map((c) => c.key)).toEqual(
      [fn.card.key],
    );
    expect(
      (await listReleaseCards(researcher, release.name, { q: skills[3].card.key })).items.map((c) => c.title),
    ).toEqual([`Check ${word} 3`]);
    expect((await listReleaseCards(researcher, release.name, { q: word, kind: 'FUNCTION' })).total).toBe(1);
  });

  it('answers 404 for an unknown release and names a bad page parameter', async () => {
    const researcher = await createActor('RESEARCHER');
    await expect(listReleaseCards(researcher, `no-such-${uid()}`, {})).rejects.toMatchObject({ status: 404 });
    await expect(listReleaseCards(researcher, `no-such-${uid()}`, { page: '0' })).rejects.toThrow(/page/);
    await expect(listReleaseCards(null, 'x', {})).rejects.toBeInstanceOf(AppError);
  });
});
