import { describe, expect, it } from 'vitest';
import { coverage } from '@/lib/dashboard/coverage';
import { prisma } from '@/lib/db/prisma';
import { markEvaluatorArtefact } from '@/lib/diagnosis/mark-evaluator-artefact';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { listQueue } from '@/lib/queue/list-queue';
import { buildContrastPacket } from '@/lib/reflection/packet';
import { reflectionRunSettingsSchema } from '@/lib/reflection/run-settings';
import { listEvaluatorArtefacts } from '@/lib/tasks/list-evaluator-artefacts';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

const REASON = 'checkpoint 33_2 expects a search on 05-21, but the expected booking update is on 05-23';

describe('"not an agent failure — evaluator / task artefact"', () => {
  it('needs a reason, ends the item, stays out of reflection, is listed on the task and counted on the dashboard', async () => {
    const benchmark = `artefact-${uid()}`;
    const taskId = `task-${uid()}`;
    const [flaggedRun, agentRun] = await seedRecords([
      failedRecord({ benchmark, taskId, model: 'model-a' }),
      failedRecord({ benchmark, taskId, model: 'model-b' }),
    ]);
    const annotator = await createActor('ANNOTATOR');
    const flagged = await prisma.checkpointResult.findFirstOrThrow({
      where: { trajectoryId: flaggedRun, passed: false },
    });
    const other = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId: agentRun, passed: false } });

    await expect(markEvaluatorArtefact(annotator, { checkpointResultId: flagged.id, reason: '  ' })).rejects.toThrow(
      /say why this is the evaluator or the task/,
    );
    const { diagnosis, pendingCount } = await markEvaluatorArtefact(annotator, {
      checkpointResultId: flagged.id,
      reason: REASON,
    });
    expect(diagnosis).toMatchObject({ outcome: 'EVALUATOR_ARTEFACT', status: 'SUBMITTED', whatWentWrong: REASON });
    expect(pendingCount).toBe(0);
    expect((await listQueue(annotator, { benchmark })).items.map((i) => i.trajectoryId)).toEqual([agentRun]);
    expect(
      await prisma.auditLog.findFirst({ where: { action: 'diagnosis.submit', entityId: diagnosis.id } }),
    ).toMatchObject({ after: expect.objectContaining({ outcome: 'EVALUATOR_ARTEFACT', whatWentWrong: REASON }) });

    const category = await prisma.failureCategory.findFirstOrThrow();
    await submitDiagnosis(annotator, {
      checkpointResultId: other.id,
      categoryId: category.id,
      eventStart: 1,
      eventEnd: 2,
      whatWentWrong: 'searched the wrong day',
      whatShouldHaveHappened: 'search the day the customer asked for',
    });

    const task = await prisma.trajectory.findUniqueOrThrow({ where: { id: flaggedRun }, select: { taskId: true } });
    const { packet } = await buildContrastPacket(
      task.taskId,
      reflectionRunSettingsSchema.parse({ provider: 'offline' }),
    );
    expect(packet.diagnoses.map((d) => d.what_went_wrong)).toEqual(['searched the wrong day']);
    expect(JSON.stringify(packet)).not.toContain('05-21');

    expect(await listEvaluatorArtefacts(annotator, task.taskId)).toEqual([
      expect.objectContaining({
        checkpointResultId: flagged.id,
        trajectoryId: flaggedRun,
        model: 'model-a',
        reason: REASON,
        author: expect.any(String),
      }),
    ]);

    const figures = await coverage({ benchmark });
    expect(figures.artefacts).toBe(1);
    // Both failed checkpoints are done: one diagnosed, one flagged.
    expect(figures.total).toMatchObject({ failed: 2, diagnosed: 2 });
  });
});
