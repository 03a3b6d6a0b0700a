import { describe, expect, it } from 'vitest';
import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { freezeRelease } from '@/lib/releases/freeze-release';
import { getRelease, listReleases } from '@/lib/releases/read-release';
import { loadReleaseBankCards } from '@/lib/retrieval/load-bank';
import { RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { retrieve } from '@/lib/retrieval/retrieve';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import { addVersion, createFunctionCard, createSkillCard, skillContent } from '../../helpers/bank-factories';
import { createActor, seedDemoTask, uid } from '../../helpers/factories';

const word = `frostel${uid()}`;
const query = { task: `when the ${word} list has a next page read it`, ability: 'mail', apps: ['mail'] };

describe('bank releases', () => {
  it('freezes the current version of every ACTIVE card with its recipe, and writes an audit entry', async () => {
    const { taskId, trajectories } = await seedDemoTask();
    const a = await createSkillCard({
      content: skillContent({ title: `Page through ${word}`, tags: [word, 'page', 'list'] }),
      provenance: { taskId, trajectoryIds: Object.values(trajectories) },
    });
    const v2 = await addVersion(
      a.card.id,
      skillContent({ title: `Page through every ${word}`, tags: [word, 'page', 'list'] }),
    );
    const merged = await createSkillCard({
      status: 'MERGED',
      content: skillContent({ title: `Old ${word}`, tags: [word, 'old', 'list'] }),
    });
    const fn = await createFunctionCard(`mail.search_${uid()}`);
    const researcher = await createActor('RESEARCHER');
    const frozen = await freezeRelease(researcher, { name: `r-${uid()}`, note: 'first cut' });
    const detail = await getRelease(researcher, frozen.name);
    const versions = detail.cardList.map((c) => c.versionId);
    expect(versions).toContain(v2.version.id);
    expect(versions).not.toContain(a.version.id);
    expect(versions).toContain(fn.version.id);
    expect(detail.cardList.map((c) => c.key)).not.toContain(merged.card.key);
    expect(detail.recipe).toMatchObject({
      scopes: ['failed_and_passed'],
      providers: ['OFFLINE'],
      models: ['rule-based (offline)'],
      promptVersions: ['rule-based (version not recorded)'],
      feedbackKinds: ['CHECKPOINT_BINARY'],
    });
    expect(detail.recipe!.versionsWithoutRun).toBeGreaterThan(0);
    const audit = await prisma.auditLog.findFirst({ where: { action: 'release.freeze', entityId: frozen.id } });
    expect(audit).toMatchObject({
      actorId: researcher.userId,
      after: expect.objectContaining({ name: frozen.name, note: 'first cut', cards: frozen.cards }),
    });
  });

  it('keeps a release immutable: later approvals do not change it and the database refuses edits', async () => {
    const card = await createSkillCard({
      content: skillContent({ title: `Frozen ${word}`, tags: [word, 'frozen', 'list'] }),
    });
    const release = await freezeRelease(await createActor('REVIEWER'), { name: `imm-${uid()}`, note: 'n' });
    const actor = await createActor('ANNOTATOR');
    const before = await retrieve(actor, { ...query, release: release.name });
    await addVersion(card.card.id, skillContent({ title: `Thawed ${word}`, tags: [word, 'thawed', 'list'] }));
    await createSkillCard({
      content: skillContent({ title: `Brand new ${word}`, tags: [word, 'new', 'list', 'page'] }),
    });
    const after = await retrieve(actor, { ...query, release: release.name });
    expect(after).toEqual(before);
    expect((await retrieve(actor, { ...query, release: 'current' })).skillCards.map((c) => c.title)).toContain(
      `Thawed ${word}`,
    );

    const row = await prisma.bankReleaseCard.findFirstOrThrow({ where: { releaseId: release.id } });
    const key = { releaseId: row.releaseId, cardVersionId: row.cardVersionId };
    await expect(prisma.bankReleaseCard.delete({ where: { releaseId_cardVersionId: key } })).rejects.toThrow(/frozen/);
    await expect(
      prisma.bankReleaseCard.update({ where: { releaseId_cardVersionId: key }, data: { apps: ['x'] } }),
    ).rejects.toThrow(/frozen/);
    const v2 = await prisma.cardVersion.findFirstOrThrow({ where: { cardId: card.card.id, number: 2 } });
    await expect(
      prisma.bankReleaseCard.create({ data: { releaseId: release.id, cardVersionId: v2.id } }),
    ).rejects.toThrow(/frozen/);
    await expect(prisma.bankRelease.update({ where: { id: release.id }, data: { note: 'edited' } })).rejects.toThrow(
      /frozen/,
    );
    await expect(prisma.bankRelease.delete({ where: { id: release.id } })).rejects.toThrow(/frozen/);
  });

  it('answers the same input with the same result every time, also from a freshly built index', async () => {
    // A word of the tied cards only: every other word of this file's bank is on every card (filler, under the
    // minimum score), and a tie needs cards the ranking retrieves.
    const tie = `knot${uid()}`;
    for (let i = 0; i < 4; i++)
      await createSkillCard({ content: skillContent({ title: `Tie ${word} ${i}`, tags: [word, tie, 'list'] }) });
    const release = await freezeRelease(await createActor('ADMIN'), { name: `det-${uid()}`, note: 'n' });
    const actor = await createActor('ANNOTATOR');
    const input = { ...query, task: `${query.task} ${tie}`, release: release.name, k: 10, function: 'mail.nothing' };
    const first = await retrieve(actor, input);
    expect(first.skillCards.length).toBeGreaterThan(3);
    for (let i = 0; i < 3; i++) expect(await retrieve(actor, input)).toEqual(first);
    const rebuilt = (
      await Promise.all([0, 1].map(async () => new RetrievalIndex((await loadReleaseBankCards(release.id)).cards)))
    ).map((index) => runRetrieval(index, release.name, input).response);
    expect(rebuilt[0]).toEqual(first);
    expect(rebuilt[1]).toEqual(first);
  });

  it('serves the newest release by default and refuses unknown, duplicate and reserved names', async () => {
    const admin = await createActor('ADMIN');
    const older = await freezeRelease(admin, { name: `old-${uid()}`, note: 'n' });
    const newer = await freezeRelease(admin, { name: `new-${uid()}`, note: 'n' });
    expect((await listReleases(admin))[0].name).toBe(newer.name);
    expect((await retrieve(admin, query)).release).toBe(newer.name);
    await expect(retrieve(admin, { ...query, release: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Release "nope" not found',
    });
    await expect(freezeRelease(admin, { name: older.name, note: 'n' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(freezeRelease(admin, { name: 'current', note: 'n' })).rejects.toThrow(/names the live bank/);
    await expect(freezeRelease(admin, { name: 'has space', note: 'n' })).rejects.toThrow(/release name is/);
    await expect(
      freezeRelease(await createActor('ANNOTATOR'), { name: `x-${uid()}`, note: 'n' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets exactly one of two concurrent freezes of the same name win', async () => {
    const name = `race-${uid()}`;
    const [a, b] = await Promise.all([createActor('RESEARCHER'), createActor('REVIEWER')]);
    const results = await Promise.allSettled([
      freezeRelease(a, { name, note: 'a' }),
      freezeRelease(b, { name, note: 'b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT' } });
    expect(await prisma.bankRelease.count({ where: { name } })).toBe(1);
  });
});

describe('a release recipe', () => {
  // Last in the file: the recipe covers every card in the bank, so the earlier tests' runs are in it too.
  it("names each model and prompt version once: one name for the offline provider, an LLM run's models from its calls", async () => {
    const { taskId } = await seedDemoTask();
    /** A card's second version, made by a reflection run on the task that `run` then describes. */
    const versionByRun = async (name: string, run: Prisma.ReflectionRunUpdateInput) => {
      const tags = [word, name.toLowerCase(), 'list'];
      const v = await addVersion(
        (await createSkillCard({ content: skillContent({ title: `${name} ${word}`, tags }) })).card.id,
        skillContent({ title: `${name} two ${word}`, tags }),
        { taskId },
      );
      await prisma.reflectionRun.update({ where: { id: v.run!.id }, data: run });
    };
    // As offline runs are stored today (the factory's run is stored as seeded runs were: "rule-based", "offline").
    await versionByRun('Now', { model: 'rule-based (offline)', promptVersion: 'rule-based@4' });
    await versionByRun('Llm', {
      provider: 'OPENAI',
      model: 'wren-large / wren-small',
      promptVersion: 'reflector@3',
      llmCalls: {
        create: [
          { step: 'reflector', model: 'wren-large', promptVersion: 'reflector@3', promptHash: 'h1', request: {} },
          { step: 'curator', model: 'wren-small', promptVersion: 'curator@2', promptHash: 'h2', request: {} },
        ],
      },
    });
    const release = await freezeRelease(await createActor('RESEARCHER'), {
      name: `recipe-${uid()}`,
      note: 'recipe names',
    });
    const { recipe } = await getRelease(await createActor('RESEARCHER'), release.name);
    expect(recipe).toMatchObject({
      providers: ['OFFLINE', 'OPENAI'],
      models: ['rule-based (offline)', 'wren-large', 'wren-small'],
      promptVersions: ['curator@2', 'reflector@3', 'rule-based (version not recorded)', 'rule-based@4'],
    });
  });
});
