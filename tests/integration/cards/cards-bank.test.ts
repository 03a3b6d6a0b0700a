import { beforeAll, describe, expect, it } from 'vitest';
import { getCard } from '@/lib/cards/get-card';
import { renderCardRuntimeText } from '@/lib/retrieval/render';
import { diffCardVersions, getCardVersion } from '@/lib/cards/get-card-version';
import { listCards } from '@/lib/cards/list-cards';
import { rollbackCard } from '@/lib/cards/rollback-card';
import { setCardStatus } from '@/lib/cards/set-card-status';
import { prisma } from '@/lib/db/prisma';
import { EXACT_UP_TO } from '@/lib/live/large-count';
import { ensureListener } from '@/lib/live/listener';
import { AppError } from '@/lib/errors';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { createActor } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';
import { createQueuedRun } from '../../helpers/reflection-fixtures';
import { readStatements, parameterCounts } from '../../helpers/read-statements';
import { versionRows } from '../../helpers/review-fixtures';

const PAGINATE = 'skill::skill_a1f0c3';
let reviewer: Awaited<ReturnType<typeof createActor>>;
beforeAll(async () => {
  await seedDemoWorkspace();
  reviewer = await createActor('REVIEWER');
});

describe('the card bank', () => {
  it("serves a large bank's total and summary from the cache and follows a card written through any connection", async () => {
    const ability = `big-${Date.now()}`;
    const many = Array.from({ length: EXACT_UP_TO + 1 }, (_, i) => ({
      key: `skill::big_${ability}_${i}`,
      kind: 'SKILL' as const,
      ability,
      title: `Big ${i}`,
      sizeBytes: 1024,
    }));
    await prisma.card.createMany({ data: many });
    const bank = (p: Awaited<ReturnType<typeof listCards>>) => p.banks.find((b) => b.ability === ability);
    const before = await listCards(reviewer, { ability });
    expect(before.total).toBe(EXACT_UP_TO + 1);
    // Written without apps or tags (NULL in the table), listed as empty lists: the bank page spreads them.
    expect(before.items[0]).toMatchObject({ apps: [], tags: [] });
    expect(bank(before)).toEqual({ kind: 'SKILL', ability, cards: EXACT_UP_TO + 1, sizeKb: EXACT_UP_TO + 1 });
    // A plain insert (no console code path): only the Card trigger's notification can tell the cache.
    await ensureListener();
    await prisma.card.create({
      data: { key: `skill::big_${ability}_extra`, kind: 'SKILL', ability, title: 'Extra', sizeBytes: 1024 },
    });
    const after = await waitFor(
      'the cached bank to follow the new card',
      async () => {
        const page = await listCards(reviewer, { ability });
        return page.total === EXACT_UP_TO + 2 && bank(page)?.cards === EXACT_UP_TO + 2 ? page : null;
        // Well inside the cache's 10 s age limit: only the notification can make it this fast.
      },
      5_000,
    );
    expect(bank(after)?.sizeKb).toBe(EXACT_UP_TO + 2);
    await prisma.card.deleteMany({ where: { ability } });
  });

  it('lists list rows with filters, and counts and size per bank', async () => {
    const all = await listCards(reviewer, {});
    expect(all.items[0]).not.toHaveProperty('content');
    expect(all.banks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'SKILL', ability: 'mail', cards: 4 }),
        expect.objectContaining({ kind: 'SKILL', ability: 'travel', cards: 2 }),
        expect.objectContaining({ kind: 'FUNCTION', ability: null, cards: 5 }),
      ]),
    );
    expect(all.banks.every((b) => b.sizeKb > 0)).toBe(true);
    expect((await listCards(reviewer, { kind: 'FUNCTION' })).total).toBe(5);
    expect((await listCards(reviewer, { app: 'flights', kind: 'SKILL' })).items.map((c) => c.key).sort()).toEqual([
      'skill::skill_d4a9b2',
      'skill::skill_e5b0c8',
    ]);
    expect((await listCards(reviewer, { tag: 'pagination' })).items.map((c) => c.key)).toEqual([PAGINATE]);
    expect((await listCards(reviewer, { q: 'every page' })).items.map((c) => c.key)).toEqual([PAGINATE]);
    expect((await listCards(reviewer, { pageSize: 2, page: 2 })).items).toHaveLength(2);
  });

  // As a parameter, ACTIVE made PostgreSQL plan the default page anew on every request (a plan for the value
  // looked cheaper than the generic one): bind 0.3–1.0 ms. Closed sets go into the text, one statement per value.
  it('sends the default bank page and its kind and status filters without a parameter the planner could plan for', async () => {
    for (const query of [{}, { kind: 'SKILL' }, { status: 'RETIRED', kind: 'FUNCTION' }]) {
      const statements = await readStatements(() => listCards(reviewer, query));
      const page = statements.find((text) => text.includes('"CardVersion"'));
      expect(page).toBeDefined();
      expect(parameterCounts(page!).parameters).toBe(0);
    }
    const [active, retired] = [
      await readStatements(() => listCards(reviewer, {})),
      await readStatements(() => listCards(reviewer, { status: 'RETIRED' })),
    ];
    expect(active.find((t) => t.includes('"CardVersion"'))).toContain(`c.status = 'ACTIVE'`);
    expect(retired.find((t) => t.includes('"CardVersion"'))).toContain(`c.status = 'RETIRED'`);
    await expect(listCards(reviewer, { status: "ACTIVE' OR true --" })).rejects.toThrow(/status/);
  });

  it('opens a card by its key with the runtime text and the versions, and any version with its provenance back to diagnosed events', async () => {
    const card = await getCard(reviewer, encodeURIComponent(PAGINATE), renderCardRuntimeText);
    expect(card.versions.map((v) => v.number)).toEqual([2, 1]);
    expect(card.runtimeText).toContain('Read every page before choosing');
    const v2 = await getCardVersion(reviewer, PAGINATE, 2);
    expect(v2.review?.reviewer).toBeTruthy();
    expect(v2.provenance?.proposal.operation).toBe('PATCH_CARD');
    expect(v2.provenance?.run?.task?.externalId).toBe('mail/1');
    const d = v2.provenance!.diagnoses[0];
    expect(d.href).toMatch(new RegExp(`^/trajectories/${d.trajectory.id}\\?event=\\d+`));
    const diff = await diffCardVersions(reviewer, PAGINATE, 1, 2);
    expect(
      diff
        .filter((c) => c.changed)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['skill.recovery', 'skill.success_contrast']);
  });

  it('rolls back by appending a new version equal to the old content, never rewriting history', async () => {
    const before = await versionRows();
    const annotator = await createActor('ANNOTATOR');
    expect(
      ((await rollbackCard(annotator, PAGINATE, { versionNumber: 1, note: 'x' }).catch((e: unknown) => e)) as AppError)
        .status,
    ).toBe(403);
    await expect(rollbackCard(reviewer, PAGINATE, { versionNumber: 1 })).rejects.toThrow(/needs a note/);
    const v = await rollbackCard(reviewer, PAGINATE, { versionNumber: 1, note: 'v2 over-claimed success' });
    expect(v.number).toBe(3);
    const [v1, v3] = await Promise.all([getCardVersion(reviewer, PAGINATE, 1), getCardVersion(reviewer, PAGINATE, 3)]);
    expect(v3.content).toEqual(v1.content);
    expect(v3).toMatchObject({ restoredFrom: { number: 1 }, note: 'v2 over-claimed success', parentNumber: 2 });
    expect(v3.provenance?.proposal.id).toBe(v1.provenance?.proposal.id);
    const after = await versionRows();
    expect(after.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    expect(await prisma.auditLog.count({ where: { action: 'card.rollback', actorId: reviewer.userId } })).toBe(1);
  });

  it('refuses any in-place update of a version row (the database enforces immutability)', async () => {
    const v = await prisma.cardVersion.findFirstOrThrow();
    await expect(
      prisma.cardVersion.update({ where: { id: v.id }, data: { content: { title: 'rewritten' } } }),
    ).rejects.toThrow(/immutable/);
  });

  it('retires and reactivates a card with a note, both audited; a retired card leaves the active bank', async () => {
    const key = 'skill::skill_e5b0c8';
    await expect(setCardStatus(reviewer, key, { status: 'RETIRED' })).rejects.toThrow(/needs a note/);
    await setCardStatus(reviewer, key, { status: 'RETIRED', note: 'too scenario-specific' });
    expect((await listCards(reviewer, { ability: 'travel' })).items.map((c) => c.key)).not.toContain(key);
    expect((await listCards(reviewer, { status: 'RETIRED' })).items.map((c) => c.key)).toEqual([key]);
    await setCardStatus(reviewer, key, { status: 'ACTIVE', note: 'needed after all' });
    expect((await getCard(reviewer, key, renderCardRuntimeText)).status).toBe('ACTIVE');
    const audit = await prisma.auditLog.findMany({
      where: { entityType: 'Card', action: { in: ['card.retire', 'card.reactivate'] } },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((a) => [a.action, (a.after as { note: string }).note])).toEqual([
      ['card.retire', 'too scenario-specific'],
      ['card.reactivate', 'needed after all'],
    ]);
  });

  it('approves function-card proposals through the same transaction: ADD creates function::App.function at v1', async () => {
    const run = await createQueuedRun({ kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    await executeRun(run.id);
    const add = await prisma.proposal.findFirstOrThrow({
      where: { runId: run.id, operation: 'ADD_CARD', status: 'PENDING' },
    });
    const tool = (add.proposedCard as { tool: string }).tool;
    const { cardVersions } = await approveProposal(reviewer, add.id);
    expect(cardVersions).toEqual([expect.objectContaining({ key: `function::${tool}`, number: 1 })]);
    const card = await getCard(reviewer, `function::${tool}`, renderCardRuntimeText);
    expect(card).toMatchObject({ kind: 'FUNCTION', ability: null, title: tool });
    expect(card.runtimeText).toContain(tool);
  });
});
