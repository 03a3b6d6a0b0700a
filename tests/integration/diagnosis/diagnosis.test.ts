import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { diagnosisHistory, listTaskDiagnoses, listTrajectoryDiagnoses } from '@/lib/diagnosis/list-diagnoses';
import { editDiagnosis, saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { createFailureCategory, listFailureCategories, updateFailureCategory } from '@/lib/taxonomy/failure-taxonomy';
import { completeDiagnosis as complete, createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

async function setup(failed = 2) {
  const benchmark = `dx-${uid()}`;
  const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed, events: 10 })]);
  const failedCps = await prisma.checkpointResult.findMany({
    where: { trajectoryId, passed: false },
    orderBy: { checkpoint: { position: 'asc' } },
  });
  const passedCp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: true } });
  const category = await prisma.failureCategory.findFirstOrThrow({ where: { key: 'wrong-tool-or-arguments' } });
  const pending = async () => (await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).pendingCount;
  return { trajectoryId, failedCps, passedCp, category, pending };
}

describe('diagnosis drafts, submission and edits', () => {
  it('keeps pendingCount right across draft, submit and edit', async () => {
    const { failedCps, category, pending } = await setup(2);
    const a = await createActor('ANNOTATOR');
    expect(await pending()).toBe(2);
    const draft = await saveDraft(a, { checkpointResultId: failedCps[0].id, whatWentWrong: 'half a thought' });
    expect(draft).toMatchObject({ status: 'DRAFT', whatWentWrong: 'half a thought', category: null });
    expect(await pending()).toBe(2);
    await saveDraft(a, {
      checkpointResultId: failedCps[0].id,
      whatWentWrong: 'a full thought',
      eventStart: 1,
      eventEnd: 3,
    });
    expect(await prisma.diagnosis.count({ where: { checkpointResultId: failedCps[0].id } })).toBe(1);
    const { diagnosis, pendingCount } = await submitDiagnosis(a, complete(failedCps[0].id, category.id));
    expect(pendingCount).toBe(1);
    expect(await pending()).toBe(1);
    expect(diagnosis).toMatchObject({ status: 'SUBMITTED', eventStart: 2, eventEnd: 4, revisionCount: 0 });
    await editDiagnosis(a, diagnosis.id, { ...complete(failedCps[0].id, category.id), whatWentWrong: 'Edited text.' });
    expect(await pending()).toBe(1);
    expect((await submitDiagnosis(a, complete(failedCps[1].id, category.id))).pendingCount).toBe(0);
    expect(await pending()).toBe(0);
  });

  it('lets only the author edit a submitted diagnosis, and keeps every earlier version', async () => {
    const { failedCps, category } = await setup(1);
    const [author, other, admin, reviewer] = [
      await createActor('ANNOTATOR'),
      await createActor('ANNOTATOR'),
      await createActor('ADMIN'),
      await createActor('REVIEWER'),
    ];
    const { diagnosis } = await submitDiagnosis(author, complete(failedCps[0].id, category.id));
    const edit = { ...complete(failedCps[0].id, category.id), whatWentWrong: 'Sneaky overwrite' };
    await expect(editDiagnosis(other, diagnosis.id, edit)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(editDiagnosis(admin, diagnosis.id, edit)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await prisma.diagnosis.findUniqueOrThrow({ where: { id: diagnosis.id } })).whatWentWrong).toBe(
      diagnosis.whatWentWrong,
    );

    await editDiagnosis(author, diagnosis.id, { ...edit, whatWentWrong: 'Second version' });
    const { diagnosis: third } = await submitDiagnosis(author, { ...edit, whatWentWrong: 'Third version' });
    expect(third).toMatchObject({ id: diagnosis.id, whatWentWrong: 'Third version', revisionCount: 2 });
    const history = await diagnosisHistory(author, diagnosis.id);
    expect(history.map((h) => (h.content as { whatWentWrong: string }).whatWentWrong)).toEqual([
      'Second version',
      diagnosis.whatWentWrong,
    ]);
    expect(await diagnosisHistory(reviewer, diagnosis.id)).toHaveLength(2);
    await expect(diagnosisHistory(other, diagnosis.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A second annotator writes their own diagnosis of the same checkpoint instead of touching the first.
    const mine = await submitDiagnosis(other, complete(failedCps[0].id, category.id));
    expect(mine.diagnosis.id).not.toBe(diagnosis.id);
  });

  it('refuses autosave over a submitted diagnosis, passed checkpoints, ranges past the end and incomplete submissions', async () => {
    const { failedCps, passedCp, category } = await setup(1);
    const a = await createActor('ANNOTATOR');
    await expect(saveDraft(a, { checkpointResultId: passedCp.id })).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(saveDraft(a, { checkpointResultId: failedCps[0].id, eventStart: 3, eventEnd: 99 })).rejects.toThrow(
      /eventEnd 99 is past the last event \(9\)/,
    );
    await expect(
      saveDraft(a, { checkpointResultId: failedCps[0].id, eventStart: 5, eventEnd: 3 }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(submitDiagnosis(a, { checkpointResultId: failedCps[0].id, whatWentWrong: 'x' })).rejects.toThrow(
      /pick a failure category/,
    );
    await expect(
      submitDiagnosis(a, { ...complete(failedCps[0].id, category.id), whatShouldHaveHappened: '  ' }),
    ).rejects.toThrow(/say what should have happened/);
    await submitDiagnosis(a, complete(failedCps[0].id, category.id));
    await expect(saveDraft(a, { checkpointResultId: failedCps[0].id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      saveDraft(await createActor('RESEARCHER'), { checkpointResultId: failedCps[0].id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('shows reviewers every diagnosis of a task, and annotators only their drafts plus submitted ones', async () => {
    const { trajectoryId, failedCps, category } = await setup(2);
    const [a, b, reviewer] = [
      await createActor('ANNOTATOR'),
      await createActor('ANNOTATOR'),
      await createActor('REVIEWER'),
    ];
    await saveDraft(a, { checkpointResultId: failedCps[0].id, whatWentWrong: 'a draft' });
    // a's claim lapses (idle), so b may take the trajectory over.
    await prisma.queueClaim.update({ where: { trajectoryId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await submitDiagnosis(b, complete(failedCps[1].id, category.id));
    const taskId = (await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).taskId;
    expect((await listTaskDiagnoses(reviewer, taskId)).map((d) => d.author.id).sort()).toEqual(
      [a.userId, b.userId].sort(),
    );
    await expect(listTaskDiagnoses(a, taskId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await listTrajectoryDiagnoses(b, trajectoryId)).map((d) => d.author.id)).toEqual([b.userId]);
    expect(await listTrajectoryDiagnoses(a, trajectoryId)).toHaveLength(2);
  });
});

describe('diagnosis and claims', () => {
  it('takes the claim when writing, and refuses a second annotator while the first holds the trajectory', async () => {
    const { trajectoryId, failedCps, category } = await setup(2);
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    await saveDraft(a, { checkpointResultId: failedCps[0].id, whatWentWrong: 'started' });
    expect((await prisma.queueClaim.findUniqueOrThrow({ where: { trajectoryId } })).userId).toBe(a.userId);
    await expect(submitDiagnosis(b, complete(failedCps[1].id, category.id))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('is working on this trajectory'),
    });
    await expect(saveDraft(b, { checkpointResultId: failedCps[1].id, whatWentWrong: 'me too' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await prisma.diagnosis.count({ where: { trajectoryId, authorId: b.userId } })).toBe(0);
  });
});

describe('failure taxonomy', () => {
  it('lets admins add, rename, reorder and retire categories; retired ones cannot be picked', async () => {
    const { failedCps } = await setup(1);
    const [admin, a] = [await createActor('ADMIN'), await createActor('ANNOTATOR')];
    await expect(createFailureCategory(a, { key: 'x-y', label: 'X' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const c = await createFailureCategory(admin, { key: 'stale-cache', label: 'Trusted a stale cache' });
    await expect(createFailureCategory(admin, { key: 'stale-cache', label: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(createFailureCategory(admin, { key: 'Bad Key', label: 'x' })).rejects.toThrow(/key/);
    expect((await listFailureCategories(a)).at(-1)).toMatchObject({ key: 'stale-cache' });
    await updateFailureCategory(admin, c.id, { label: 'Trusted stale data', position: 0 });
    const order = await listFailureCategories(a);
    expect(order.findIndex((x) => x.id === c.id)).toBeLessThan(
      order.findIndex((x) => x.key === 'wrong-tool-or-arguments'),
    );
    expect(order.find((x) => x.id === c.id)).toMatchObject({ label: 'Trusted stale data' });
    await updateFailureCategory(admin, c.id, { active: false });
    expect((await listFailureCategories(a)).some((x) => x.id === c.id)).toBe(false);
    expect((await listFailureCategories(admin, { includeInactive: true })).some((x) => x.id === c.id)).toBe(true);
    await expect(listFailureCategories(a, { includeInactive: true })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(saveDraft(a, { checkpointResultId: failedCps[0].id, categoryId: c.id })).rejects.toThrow(/retired/);
  });
});
