import { CardStatus } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { rankSkillCards } from '@/lib/retrieval/bm25-skill-cards';
import { currentBankIndex, indexBuildCount } from '@/lib/retrieval/index-cache';
import { MAX_APP_BONUS, MISMATCH_PENALTY } from '@/lib/retrieval/retrieval-index';
import { previewRetrieval } from '@/lib/releases/preview-retrieval';
import { retrieve } from '@/lib/retrieval/retrieve';
import { addVersion, createFunctionCard, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, ensureTask, uid } from '../../helpers/factories';
import { AppError } from '@/lib/errors';

const bank = () => `bank-${uid()}`;

describe('retrieval ranking', () => {
  it('searches only the task ability bank, and every bank when the task has no ability', async () => {
    const word = `zorbix${uid()}`;
    const [a, b] = [bank(), bank()];
    const inA = await createSkillCard({
      ability: a,
      content: skillContent({ title: `Handle ${word} lists`, tags: [word, 'list', 'page'] }),
    });
    const inB = await createSkillCard({
      ability: b,
      content: skillContent({ title: `Handle ${word} folders`, tags: [word, 'folder', 'page'] }),
    });
    const actor = await createActor('ANNOTATOR');
    const onlyA = await retrieve(actor, { task: `Sort the ${word} items`, ability: a, release: 'current' });
    expect(onlyA.skillCards.map((c) => c.key)).toEqual([inA.card.key]);
    const all = await retrieve(actor, { task: `Sort the ${word} items`, release: 'current' });
    expect(all.skillCards.map((c) => c.key).sort()).toEqual([inA.card.key, inB.card.key].sort());
  });

  it('refuses an ability no bank or imported task has, naming the value and the known abilities', async () => {
    const a = bank();
    await createSkillCard({ ability: a, content: skillContent({ tags: ['misspelt', 'ability', 'bank'] }) });
    const actor = await createActor('ANNOTATOR');
    const misspelt = a.toUpperCase();
    const err = await retrieve(actor, { task: 'Sort the items', ability: misspelt, release: 'current' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toContain(`Unknown ability "${misspelt}"`);
    expect((err as AppError).message).toContain(`did you mean "${a}"?`);
    expect((err as AppError).details).toEqual([{ path: 'ability', message: (err as AppError).message }]);
  });

  it('answers an imported task ability whose bank is still empty with no skill cards, not an error, and the preview says so', async () => {
    const ability = bank();
    await ensureTask({ benchmark: `b-${uid()}`, externalId: `t-${uid()}`, ability });
    const res = await retrieve(await createActor('ANNOTATOR'), { task: 'Sort the items', ability, release: 'current' });
    expect(res.skillCards).toEqual([]);
    // The preview says why nothing came back.
    const preview = await previewRetrieval(await createActor('RESEARCHER'), {
      task: 'Sort the items',
      ability,
      release: 'current',
    });
    expect(preview.emptyBank).toBe(ability);
  });

  it('caps the app-overlap bonus and reports every score part', async () => {
    const ability = bank();
    const word = `quillet${uid()}`;
    const many = await createSkillCard({
      ability,
      apps: ['mail', 'contacts', 'calendar'],
      content: skillContent({ title: `Check ${word} first`, tags: [word, 'check', 'first'] }),
    });
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `a ${word} task`,
      ability,
      apps: ['mail', 'contacts', 'calendar'],
      release: 'current',
    });
    const hit = res.skillCards.find((c) => c.key === many.card.key)!;
    expect(hit.score.appBonus).toBe(MAX_APP_BONUS); // 3 apps × 0.5 = 1.5, capped at 1
    expect(hit.score.mismatchPenalty).toBe(0);
    expect(hit.score.total).toBeCloseTo(hit.score.bm25 + MAX_APP_BONUS, 10);
    expect(hit.matchedTerms).toContain(word);
  });

  it('demotes a card of another app family but still retrieves it (boosts, never gates); one family is no mismatch', async () => {
    const ability = bank();
    const word = `brindle${uid()}`;
    const flights = await createSkillCard({
      ability,
      apps: ['flights'],
      content: skillContent({ title: `Confirm ${word} before writing`, tags: [word, 'confirm', 'write'] }),
    });
    const mailV2 = await createSkillCard({
      ability,
      apps: ['mail_v2'],
      content: skillContent({ title: `Confirm ${word} before writing`, tags: [word, 'confirm', 'write'] }),
    });
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `confirm the ${word}`,
      ability,
      apps: ['mail'],
      release: 'current',
    });
    const f = res.skillCards.find((c) => c.key === flights.card.key)!;
    const m = res.skillCards.find((c) => c.key === mailV2.card.key)!;
    expect(f.score.mismatchPenalty).toBe(MISMATCH_PENALTY);
    expect(f.score.total).toBeCloseTo(f.score.bm25 - MISMATCH_PENALTY, 10);
    expect(m.score.mismatchPenalty).toBe(0);
    expect(m.score.appBonus).toBe(0); // same family, not the same app: no bonus either
    expect(res.skillCards.map((c) => c.key)).toEqual([mailV2.card.key, flights.card.key]);
  });

  it('never retrieves a card on app overlap alone (no shared query term)', async () => {
    const ability = bank();
    await createSkillCard({
      ability,
      apps: ['mail'],
      content: skillContent({
        title: 'Unrelated rule',
        tags: ['alpha', 'beta', 'gamma'],
        applies_when: 'never',
        core_rule: 'Nothing here',
      }),
    });
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `xylophone${uid()}`,
      ability,
      apps: ['mail'],
      release: 'current',
    });
    expect(res.skillCards).toEqual([]);
  });

  it('excludes every non-ACTIVE card (MERGED, RETIRED/ARCHIVED) from retrieval, the API and the curator view', async () => {
    const ability = bank();
    const word = `marrow${uid()}`;
    const active = await createSkillCard({
      ability,
      content: skillContent({ title: `Use ${word}`, tags: [word, 'use', 'x1'] }),
    });
    const others = Object.values(CardStatus).filter((s) => s !== 'ACTIVE');
    expect(others).toContain('MERGED');
    for (const status of others)
      await createSkillCard({
        ability,
        status,
        content: skillContent({ title: `Use ${word} ${status}`, tags: [word, 'use', 'x2'] }),
      });
    await createFunctionCard(`merged${uid()}.${word}_tool`, { status: 'MERGED' });
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `use ${word} tool`,
      ability,
      release: 'current',
      k: 10,
    });
    expect(res.skillCards.map((c) => c.key)).toEqual([active.card.key]);
    expect(res.functionCards).toEqual([]);
    expect((await rankSkillCards({ ability, query: `use ${word}`, limit: 10 })).map((c) => c.key)).toEqual([
      active.card.key,
    ]);
  });

  it('builds the index once per bank revision and rebuilds after an approval (a new version) on the next request', async () => {
    const ability = bank();
    const word = `plinth${uid()}`;
    const card = await createSkillCard({
      ability,
      content: skillContent({ title: `Old ${word}`, tags: [word, 'old', 'one'] }),
    });
    await currentBankIndex();
    const before = indexBuildCount();
    const actor = await createActor('ANNOTATOR');
    for (let i = 0; i < 5; i++) await retrieve(actor, { task: word, ability, release: 'current' });
    expect(indexBuildCount()).toBe(before);
    await addVersion(card.card.id, skillContent({ title: `New ${word}`, tags: [word, 'new', 'two'] }));
    const res = await retrieve(actor, { task: word, ability, release: 'current' });
    expect(indexBuildCount()).toBe(before + 1);
    expect(res.skillCards[0]).toMatchObject({ key: card.card.key, version: 2, title: `New ${word}` });
    // A status change (e.g. retiring a card) also moves the revision.
    await prisma.card.update({ where: { id: card.card.id }, data: { status: 'MERGED' } });
    expect((await retrieve(actor, { task: word, ability, release: 'current' })).skillCards).toEqual([]);
  });

  it('bumps the revision once per committed transaction, however many rows it wrote, and not for a rolled-back one', async () => {
    const rev = async () => (await prisma.bankRevision.findUniqueOrThrow({ where: { id: 1 } })).revision;
    const r0 = await rev();
    await prisma.$transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx.card.create({
          data: { key: `skill::skill_tx${uid()}`, kind: 'SKILL', ability: 'tx', apps: [], title: 't', tags: [] },
        });
    });
    expect(await rev()).toBe(r0 + 1);
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.card.create({
          data: { key: `skill::skill_tx${uid()}`, kind: 'SKILL', ability: 'tx', apps: [], title: 't', tags: [] },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rev()).toBe(r0 + 1);
  });

  it('ranks the top 2 function cards for the task and finds the named function for the pre-tool block', async () => {
    const app = `app${uid()}`;
    const word = `snood${uid()}`;
    await createFunctionCard(`${app}.list_${word}`);
    await createFunctionCard(`${app}.delete_${word}`);
    await createFunctionCard(`${app}.archive_${word}`);
    const res = await retrieve(await createActor('ANNOTATOR'), {
      task: `list then delete every ${word}`,
      apps: [app],
      release: 'current',
      function: `${app}.delete_${word}`,
    });
    expect(res.functionCards).toHaveLength(2);
    expect(res.functionCards.every((f) => f.score.appBonus > 0)).toBe(true);
    expect(res.preTool).toMatchObject({
      function: `${app}.delete_${word}`,
      key: `function::${app}.delete_${word}`,
      version: 1,
    });
    expect(res.preTool!.block).toMatch(new RegExp(`^Before you call ${app}\\.delete_${word}:`));
    const missing = await retrieve(await createActor('ANNOTATOR'), {
      task: 'x',
      release: 'current',
      function: 'nothing.here',
    });
    expect(missing.preTool).toEqual({ function: 'nothing.here', key: null, version: null, block: '', tokens: 0 });
  });
});
