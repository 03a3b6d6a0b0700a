import { describe, expect, it } from 'vitest';
import { coverage } from '@/lib/dashboard/coverage';
import { prisma } from '@/lib/db/prisma';
import { editDiagnosis, saveDraft, submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { loopRunDiagnosis, maxStepsRecord } from '../../helpers/run-level';

const content = (categoryId: string) => ({ ...loopRunDiagnosis(categoryId), eventStart: 3 });

describe('a diagnosis of a run as a whole', () => {
  it('is saved, submitted and edited like a checkpoint diagnosis: one per annotator per run, audited, counted in coverage', async () => {
    const benchmark = `run-diag-${uid()}`;
    const [run] = await seedRecords([maxStepsRecord({ benchmark, loops: 8 })]);
    const a = await createActor('ANNOTATOR');
    const category = await prisma.failureCategory.findFirstOrThrow();

    const draft = await saveDraft(a, { runTrajectoryId: run, whatWentWrong: 'It repeated' });
    const again = await saveDraft(a, { runTrajectoryId: run, whatWentWrong: 'It repeated the search' });
    expect(again.id).toBe(draft.id);
    expect(again).toMatchObject({ status: 'DRAFT', runLevel: true, checkpointResultId: null, targetId: `run:${run}` });

    const { diagnosis, pendingCount } = await submitDiagnosis(a, { runTrajectoryId: run, ...content(category.id) });
    expect(diagnosis).toMatchObject({ id: draft.id, status: 'SUBMITTED', eventStart: 3, eventEnd: 12 });
    expect(pendingCount).toBe(0);
    const edited = await editDiagnosis(a, diagnosis.id, { ...content(category.id), eventEnd: 14 });
    expect(edited.diagnosis).toMatchObject({ eventEnd: 14, revisionCount: 1 });
    expect(await prisma.diagnosis.count({ where: { trajectoryId: run } })).toBe(1);
    const audit = await prisma.auditLog.findMany({ where: { entityId: diagnosis.id }, select: { action: true } });
    expect(audit.map((e) => e.action).sort()).toEqual(['diagnosis.draft', 'diagnosis.edit', 'diagnosis.submit']);

    // Coverage: the run is one failed unit, now diagnosed.
    expect((await coverage({ benchmark })).total).toMatchObject({ failed: 1, diagnosed: 1, coverage: 1 });
  });

  it('refuses a run that has a failed checkpoint, a passed run, both targets or none, naming the field', async () => {
    const benchmark = `run-diag-refused-${uid()}`;
    const [withFailedCheckpoint, passed, maxSteps] = await seedRecords([
      failedRecord({ benchmark }),
      failedRecord({ benchmark, failed: 0 }),
      maxStepsRecord({ benchmark }),
    ]);
    const a = await createActor('ANNOTATOR');
    const category = await prisma.failureCategory.findFirstOrThrow();
    await expect(
      submitDiagnosis(a, { runTrajectoryId: withFailedCheckpoint, ...content(category.id) }),
    ).rejects.toThrow(/diagnose those/);
    await expect(submitDiagnosis(a, { runTrajectoryId: passed, ...content(category.id) })).rejects.toThrow(
      /This run passed/,
    );
    const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId: withFailedCheckpoint } });
    await expect(
      saveDraft(a, { runTrajectoryId: maxSteps, checkpointResultId: cp.id, whatWentWrong: 'x' }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ['runTrajectoryId'] })] });
    await expect(saveDraft(a, { whatWentWrong: 'x' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['checkpointResultId'] })],
    });
    await expect(
      submitDiagnosis(a, { runTrajectoryId: maxSteps, ...content(category.id), eventEnd: 99 }),
    ).rejects.toThrow(/past the last event/);
  });
});
