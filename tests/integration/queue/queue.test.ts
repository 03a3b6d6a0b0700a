import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { env } from '@/lib/env';
import { assignItem, releaseItem } from '@/lib/queue/assign-claim';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { setOverlap } from '@/lib/queue/overlap';
import { annotatorProgress } from '@/lib/queue/progress';
import { completeDiagnosis, createActor, seedTrajectory, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { readStatements } from '../../helpers/read-statements';

/** Submits a complete diagnosis of every failed checkpoint of the run. */
async function diagnoseEveryFailure(actor: Awaited<ReturnType<typeof createActor>>, trajectoryId: string) {
  const category = await prisma.failureCategory.findFirstOrThrow();
  const failed = await prisma.checkpointResult.findMany({ where: { trajectoryId, passed: false } });
  for (const cp of failed)
    await submitDiagnosis(actor, { ...completeDiagnosis(cp.id, category.id), eventStart: 1, eventEnd: 2 });
}

describe('queue claims', () => {
  it('never hands the same item to two of 20 concurrent "next" calls', async () => {
    const benchmark = `race-${uid()}`;
    await seedRecords(Array.from({ length: 25 }, () => failedRecord({ benchmark })));
    const annotators = await Promise.all(Array.from({ length: 20 }, () => createActor('ANNOTATOR')));
    const results = await Promise.all(annotators.map((a) => claimNext(a, { benchmark })));
    const ids = results.map((r) => r?.trajectoryId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(20);
    const claims = await prisma.queueClaim.findMany({ where: { trajectoryId: { in: ids as string[] } } });
    expect(new Map(claims.map((c) => [c.trajectoryId, c.userId]))).toEqual(
      new Map(results.map((r, i) => [r!.trajectoryId, annotators[i].userId])),
    );
  });

  it('gives the last item to exactly one of many concurrent callers; the rest get nothing', async () => {
    const benchmark = `last-${uid()}`;
    const [only] = await seedRecords([failedRecord({ benchmark })]);
    const annotators = await Promise.all(Array.from({ length: 20 }, () => createActor('ANNOTATOR')));
    const results = await Promise.all(annotators.map((a) => claimNext(a, { benchmark })));
    expect(results.filter((r) => r?.trajectoryId === only)).toHaveLength(1);
    expect(results.filter((r) => r === null)).toHaveLength(19);
  });

  it("returns the caller's own live claim before claiming anything new", async () => {
    const benchmark = `own-${uid()}`;
    await seedRecords([failedRecord({ benchmark }), failedRecord({ benchmark })]);
    const a = await createActor('ANNOTATOR');
    const first = await claimNext(a, { benchmark });
    expect(await claimNext(a, { benchmark })).toEqual(first);
  });

  it('sets expiry from QUEUE_CLAIM_IDLE_MINUTES and frees an expired claim for someone else', async () => {
    const benchmark = `exp-${uid()}`;
    const [t] = await seedRecords([failedRecord({ benchmark })]);
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const before = Date.now();
    expect(await claimNext(a, { benchmark })).toEqual({ trajectoryId: t });
    const claim = await prisma.queueClaim.findUniqueOrThrow({ where: { trajectoryId: t } });
    const minutes = (claim.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(env().QUEUE_CLAIM_IDLE_MINUTES - 0.5);
    expect(minutes).toBeLessThan(env().QUEUE_CLAIM_IDLE_MINUTES + 0.5);
    expect(await claimNext(b, { benchmark })).toBeNull();

    await prisma.queueClaim.update({ where: { trajectoryId: t }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await claimNext(b, { benchmark })).toEqual({ trajectoryId: t });
    expect((await prisma.queueClaim.findUniqueOrThrow({ where: { trajectoryId: t } })).userId).toBe(b.userId);
  });

  it('drops an item from the queue and releases its claim once every failed checkpoint has a submitted diagnosis', async () => {
    const benchmark = `done-${uid()}`;
    const [t] = await seedRecords([failedRecord({ benchmark, failed: 2 })]);
    const a = await createActor('ANNOTATOR');
    await claimNext(a, { benchmark });
    await diagnoseEveryFailure(a, t);
    expect(await prisma.queueClaim.findUnique({ where: { trajectoryId: t } })).toBeNull();
    const empty = await listQueue(a, { benchmark });
    // The page is empty; its counts and the caller's progress still come with it.
    expect(empty).toMatchObject({
      total: 0,
      items: [],
      counts: { total: 0, claimed: 0 },
      progress: { doneToday: 2, remaining: 0, holding: 0 },
    });
    expect(await claimNext(a, { benchmark })).toBeNull();
    expect(await annotatorProgress(a, { benchmark })).toEqual({ doneToday: 2, remaining: 0, holding: 0 });
  });

  it('lets an admin assign and release items, and refuses annotators', async () => {
    const benchmark = `adm-${uid()}`;
    const [t] = await seedRecords([failedRecord({ benchmark })]);
    const [admin, a, b] = [await createActor('ADMIN'), await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const researcher = await createActor('RESEARCHER');
    await expect(assignItem(a, { trajectoryId: t, userId: a.userId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(assignItem(admin, { trajectoryId: t, userId: researcher.userId })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await assignItem(admin, { trajectoryId: t, userId: a.userId });
    expect(await claimNext(b, { benchmark })).toBeNull();
    expect(await claimNext(a, { benchmark })).toEqual({ trajectoryId: t });
    await expect(releaseItem(b, { trajectoryId: t })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await releaseItem(admin, { trajectoryId: t });
    expect(await claimNext(b, { benchmark })).toEqual({ trajectoryId: t });
  });
});

describe('queue list filters', () => {
  it("filters by a task's own checkpoint key and by one that most tasks have, and drops a checkpoint once it is diagnosed", async () => {
    const benchmark = `keys-${uid()}`;
    const own = `own_${uid()}`;
    // 52 tasks fail the same key (like τ²-bench's "db"): more than the 50 up to which a key counts as a few tasks'.
    const common = `db_${uid()}`;
    const ids = await seedRecords([
      ...Array.from({ length: 52 }, (_, i) =>
        failedRecord({ benchmark, taskId: `common/${i}`, keys: [common, 'cp_x'] }),
      ),
      failedRecord({ benchmark, taskId: 'own/1', keys: [own, common], failed: 1, passed: 1 }),
    ]);
    const a = await createActor('ANNOTATOR');
    const read = (checkpointKey: string) => readStatements(() => listQueue(a, { benchmark, checkpointKey }));
    const byTasks = (statements: string[]) =>
      statements.some((s) => s.includes('FROM "TaskCheckpoint" tc WHERE tc."key"'));

    const ownPage = await listQueue(a, { benchmark, checkpointKey: own });
    expect(ownPage.items.map((i) => i.trajectoryId)).toEqual([ids[52]]);
    expect(ownPage.total).toBe(1);
    // A few tasks' key is read by those tasks' ids; a common one by walking the queue in its order.
    expect(byTasks(await read(own))).toBe(true);
    // That page holds the key's only row, so its length is the total: no count statement follows it
    // (only the page's points look-up, for checkpoints worth more than one point).
    const pagePoints = (s: string) => s.includes('FROM "CheckpointResult" r JOIN "TaskCheckpoint" c');
    expect((await read(own)).filter((s) => !pagePoints(s))).toHaveLength(1);
    expect(byTasks(await read(common))).toBe(false);
    const commonPage = await listQueue(a, { benchmark, checkpointKey: common, pageSize: 25 });
    expect(commonPage.total).toBe(52); // the own-key task passed its `common` checkpoint
    expect(commonPage.items.map((i) => i.trajectoryId)).toEqual(ids.slice(0, 25));
    expect((await listQueue(a, { benchmark, checkpointKey: 'no-such-key' })).items).toEqual([]);

    expect(await claimNext(a, { benchmark, checkpointKey: own })).toEqual({ trajectoryId: ids[52] });
    await diagnoseEveryFailure(a, ids[52]);
    // Submitted (k = 1): the checkpoint is no longer pending for anyone.
    expect((await listQueue(await createActor('ANNOTATOR'), { benchmark, checkpointKey: own })).total).toBe(0);
  });

  it('counts a checkpoint as undiagnosed only while it has neither a submission nor a draft, under overlap k = 2 too', async () => {
    const benchmark = `undiag-${uid()}`;
    const [two, one] = await seedRecords([
      failedRecord({ benchmark, failed: 2 }),
      failedRecord({ benchmark, failed: 1 }),
    ]);
    await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
    const [a, b, reader] = [
      await createActor('ANNOTATOR'),
      await createActor('ANNOTATOR'),
      await createActor('REVIEWER'),
    ];
    const { id: categoryId } = await prisma.failureCategory.findFirstOrThrow();
    const failedOf = (trajectoryId: string) =>
      prisma.checkpointResult.findMany({
        where: { trajectoryId, passed: false },
        orderBy: { checkpoint: { position: 'asc' } },
      });
    const submit = (checkpointResultId: string) =>
      submitDiagnosis(a, {
        checkpointResultId,
        categoryId,
        eventStart: 1,
        eventEnd: 1,
        whatWentWrong: 'w',
        whatShouldHaveHappened: 's',
      });
    const ids = async (checkpointStatus: string, checkpointKey?: string) =>
      (await listQueue(reader, { benchmark, checkpointStatus, checkpointKey })).items.map((i) => i.trajectoryId);

    const [cp0, cp1] = await failedOf(two);
    await submit(cp0.id);
    await submit((await failedOf(one))[0].id);
    // Submitted once of k = 2: still in the queue, no longer undiagnosed; `two`'s cp_1 is untouched.
    expect(await ids('any')).toEqual([two, one]);
    expect(await ids('undiagnosed')).toEqual([two]);
    expect(await ids('undiagnosed', 'cp_0')).toEqual([]);
    expect(await ids('undiagnosed', 'cp_1')).toEqual([two]);
    // A draft on cp_1 touches the last untouched checkpoint.
    await prisma.diagnosis.create({ data: { trajectoryId: two, checkpointResultId: cp1.id, authorId: b.userId } });
    expect(await ids('undiagnosed')).toEqual([]);
    expect(await ids('draft')).toEqual([two]);
  });

  it('filters by benchmark, ability, model, task, checkpoint, checkpoint status and assignee, with counts and pages', async () => {
    const benchmark = `flt-${uid()}`;
    const other = `flt-other-${uid()}`;
    const ids = await seedRecords([
      failedRecord({ benchmark, model: 'alpha', ability: 'airline', taskId: 'T1' }),
      failedRecord({ benchmark, model: 'beta', ability: 'airline', taskId: 'T1' }),
      failedRecord({ benchmark, model: 'alpha', ability: 'retail', taskId: 'T2', failed: 2 }),
      failedRecord({ benchmark, model: 'alpha', ability: 'retail', taskId: 'T3', failed: 0, passed: 2 }),
      failedRecord({ benchmark: other, model: 'alpha' }),
    ]);
    const a = await createActor('ANNOTATOR');
    const b = await createActor('ANNOTATOR');
    const idsOf = async (q: Record<string, unknown>, who = a) =>
      (await listQueue(who, { benchmark, ...q })).items.map((i) => i.trajectoryId);

    expect(await idsOf({})).toEqual(ids.slice(0, 3));
    expect(await idsOf({ model: 'alpha' })).toEqual([ids[0], ids[2]]);
    expect(await idsOf({ ability: 'retail' })).toEqual([ids[2]]);
    const t1 = (await prisma.trajectory.findUniqueOrThrow({ where: { id: ids[0] } })).taskId;
    expect(await idsOf({ taskId: t1 })).toEqual([ids[0], ids[1]]);
    expect(await idsOf({ taskId: 'T1' })).toEqual([ids[0], ids[1]]); // the benchmark's own task id works too
    expect(await idsOf({ checkpointKey: 'cp_1' })).toEqual([ids[2]]);

    // A draft on T2/cp_0 moves that checkpoint from "undiagnosed" to "draft"; cp_1 stays undiagnosed.
    const cp0 = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId: ids[0], passed: false } });
    await prisma.diagnosis.create({ data: { trajectoryId: ids[0], checkpointResultId: cp0.id, authorId: b.userId } });
    expect(await idsOf({ checkpointStatus: 'draft' })).toEqual([ids[0]]);
    expect(await idsOf({ checkpointStatus: 'undiagnosed' })).toEqual([ids[1], ids[2]]);

    await claimNext(b, { benchmark, model: 'beta' });
    expect(await idsOf({ assignee: 'unclaimed' })).toEqual([ids[0], ids[2]]);
    expect(await idsOf({ assignee: b.userId })).toEqual([ids[1]]);
    expect(await idsOf({ assignee: 'mine' }, b)).toEqual([ids[1]]);
    expect(await idsOf({ assignee: 'mine' })).toEqual([]);

    const page = await listQueue(a, { benchmark, page: 2, pageSize: 2 });
    expect(page.items.map((i) => i.trajectoryId)).toEqual([ids[2]]);
    expect(page).toMatchObject({ total: 3, pageCount: 2, counts: { total: 3, unclaimed: 2, claimed: 1, mine: 0 } });
    expect(page.items[0].failedCheckpoints.map((c) => c.key)).toEqual(['cp_0', 'cp_1']);
    // A page past the end has no rows but the same counts.
    const beyond = await listQueue(b, { benchmark, page: 9, pageSize: 2 });
    expect(beyond).toMatchObject({
      items: [],
      total: 3,
      counts: { total: 3, unclaimed: 2, claimed: 1, mine: 1 },
      progress: { holding: 1 },
    });
    await expect(listQueue(a, { checkpointStatus: 'bogus' })).rejects.toThrow(/checkpointStatus/);
  });

  it("lists each row's failed checkpoints in checkpoint order, and only the ones still open once some are diagnosed", async () => {
    const benchmark = `cps-${uid()}`;
    const record = failedRecord({ benchmark, failed: 3, passed: 1 });
    // Checkpoints listed out of order in the file: the queue follows the task's order, not the file's.
    record.checkpoints = [...(record.checkpoints ?? [])].reverse();
    const [id] = await seedRecords([record]);
    const [a, b] = await Promise.all([createActor('ANNOTATOR'), createActor('ANNOTATOR')]);
    const rowOf = async (actor: typeof a) =>
      (await listQueue(actor, { benchmark })).items.find((i) => i.trajectoryId === id);
    const open = (keys: string[]) => keys.map((key) => ({ key, name: `check ${key}`, submitted: 0, k: 1 }));
    expect((await rowOf(a))?.failedCheckpoints).toEqual(open(['cp_0', 'cp_1', 'cp_2']));
    // The stored list (kept by the summary trigger) is what the page shows while nothing is diagnosed.
    const stored = await prisma.trajectory.findUniqueOrThrow({
      where: { id },
      select: { failedCheckpoints: true, diagnosedCount: true },
    });
    expect(stored).toEqual({
      failedCheckpoints: open(['cp_0', 'cp_1', 'cp_2']).map(({ key, name }) => ({ key, name, submitters: [] })),
      diagnosedCount: 0,
    });

    const category = await prisma.failureCategory.findFirstOrThrow();
    const cp1 = await prisma.checkpointResult.findFirstOrThrow({
      where: { trajectoryId: id, checkpoint: { key: 'cp_1' } },
    });
    await submitDiagnosis(a, {
      checkpointResultId: cp1.id,
      categoryId: category.id,
      eventStart: 1,
      eventEnd: 2,
      whatWentWrong: 'w',
      whatShouldHaveHappened: 's',
    });
    // Under k = 1 a submitted checkpoint leaves the list for everyone, its author included.
    expect((await rowOf(a))?.failedCheckpoints).toEqual(open(['cp_0', 'cp_2']));
    expect((await rowOf(b))?.failedCheckpoints).toEqual(open(['cp_0', 'cp_2']));
  });

  it('sends list rows: a long instruction cut to an excerpt, a short one whole, the live claim and times as ISO text', async () => {
    const benchmark = `row-${uid()}`;
    const long = failedRecord({ benchmark });
    // 156 characters, then whitespace across the 160-character cut: the excerpt drops it before the ellipsis.
    long.task.instruction = `${'x'.repeat(156)} \n\t ${'y'.repeat(300)}`;
    const short = failedRecord({ benchmark });
    const [longId, shortId] = await seedRecords([long, short]);
    const [admin, a] = [await createActor('ADMIN'), await createActor('ANNOTATOR')];
    await assignItem(admin, { trajectoryId: shortId, userId: a.userId });

    const { items } = await listQueue(a, { benchmark });
    const [l, s] = [items.find((i) => i.trajectoryId === longId)!, items.find((i) => i.trajectoryId === shortId)!];
    expect(l.instruction).toBe(`${'x'.repeat(156)}…`);
    expect(l.claim).toBeNull();
    expect(s.instruction).toBe('Change the flight on reservation R1 to the cheapest option.');
    const [claim, row] = await Promise.all([
      prisma.queueClaim.findUniqueOrThrow({ where: { trajectoryId: shortId } }),
      prisma.trajectory.findUniqueOrThrow({ where: { id: shortId }, include: { task: true } }),
    ]);
    expect(s).toEqual({
      trajectoryId: shortId,
      taskId: row.taskId,
      taskExternalId: row.task.externalId,
      benchmark,
      ability: 'airline',
      instruction: row.task.instruction,
      model: 'model-a',
      agent: row.agent,
      trial: row.trial,
      passed: false,
      outcomeReason: null,
      failedCount: 1,
      pendingCount: 1,
      failedCheckpoints: [{ key: 'cp_0', name: 'check cp_0', submitted: 0, k: 1 }],
      runLevel: null,
      claim: { userId: a.userId, userName: a.name, expiresAt: claim.expiresAt.toISOString(), assignedBy: admin.name },
      createdAt: row.createdAt.toISOString(),
    });
  });

  it('shows and filters each row by its task fields as the task stands: copied on insert, followed when the task changes or the trajectory moves', async () => {
    const benchmark = `copy-${uid()}`;
    const [imported] = await seedRecords([failedRecord({ benchmark, taskId: 'copy/1', ability: 'retail' })]);
    const direct = await seedTrajectory({
      benchmark,
      taskExternalId: 'copy/2',
      ability: 'airline',
      model: 'model-b',
      checkpoints: { c0: false },
    });
    const a = await createActor('ANNOTATOR');
    const row = async (trajectoryId: string, filter: Record<string, string> = {}) =>
      (await listQueue(a, { benchmark, ...filter })).items.find((i) => i.trajectoryId === trajectoryId);

    expect(await row(imported)).toMatchObject({
      taskExternalId: 'copy/1',
      ability: 'retail',
      instruction: 'Change the flight on reservation R1 to the cheapest option.',
    });
    expect(await row(direct.id, { ability: 'airline', taskId: 'copy/2' })).toMatchObject({
      taskExternalId: 'copy/2',
      instruction: 'Task copy/2',
    });

    const task = await prisma.task.findFirstOrThrow({ where: { benchmark, externalId: 'copy/1' } });
    await prisma.task.update({
      where: { id: task.id },
      data: { ability: 'airline', instruction: `${'Rebook '.repeat(30)}now` },
    });
    expect(await row(imported, { ability: 'retail' })).toBeUndefined();
    const moved = await row(imported, { ability: 'airline' });
    expect(moved?.instruction).toBe(`${'Rebook '.repeat(22)}Rebook…`);
    expect(moved?.instruction).toHaveLength(161);

    // A trajectory moved to another task takes that task's fields.
    await prisma.trajectory.update({ where: { id: direct.id }, data: { taskId: task.id } });
    expect(await row(direct.id, { taskId: 'copy/1' })).toMatchObject({ taskExternalId: 'copy/1', ability: 'airline' });
    expect(
      await prisma.trajectory.count({
        where: { taskId: task.id, taskExternalId: 'copy/1', benchmark, ability: 'airline' },
      }),
    ).toBe(2);
  });

  it('refuses researchers (they do not work the queue)', async () => {
    const r = await createActor('RESEARCHER');
    await expect(listQueue(r, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(claimNext(r, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
