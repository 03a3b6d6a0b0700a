import { describe, expect, it } from 'vitest';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { executeRun } from '@/lib/reflection/execute-run';
import { buildContrastPacket } from '@/lib/reflection/packet';
import { reflectionRunSettingsSchema } from '@/lib/reflection/run-settings';
import { createActor, uid } from '../../helpers/factories';
import { seedRecords } from '../../helpers/failed-trajectories';
import { createQueuedRun } from '../../helpers/reflection-fixtures';
import { maxStepsRecord } from '../../helpers/run-level';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

async function diagnosedMaxStepsRun() {
  const benchmark = `run-level-reflect-${uid()}`;
  const [run] = await seedRecords([maxStepsRecord({ benchmark, loops: 10 })]);
  const { taskId } = await prisma.trajectory.findUniqueOrThrow({ where: { id: run }, select: { taskId: true } });
  const category = await prisma.failureCategory.findFirstOrThrow({ where: { active: true } });
  const { diagnosis } = await submitDiagnosis(await createActor('ANNOTATOR'), {
    runTrajectoryId: run,
    categoryId: category.id,
    eventStart: 1,
    eventEnd: 20,
    whatWentWrong: 'The agent searched direct flights with the same arguments after every empty result.',
    whatShouldHaveHappened: 'After an empty search, search one-stop flights or tell the user that none exist.',
  });
  return { run, taskId, diagnosis };
}

describe('reflection on a run diagnosed as a whole', () => {
  it('puts the diagnosis in the packet as a run-level one, with the termination reason and the looping calls', async () => {
    const { taskId, diagnosis } = await diagnosedMaxStepsRun();
    const { packet, context } = await buildContrastPacket(taskId, reflectionRunSettingsSchema.parse(offline));
    expect(context.diagnosisIds).toEqual([diagnosis.id]);
    expect(packet.runs[0].termination).toBe('Stopped: reached the step limit (max_steps) after 21 events');
    expect(packet.diagnoses).toHaveLength(1);
    const [d] = packet.diagnoses;
    expect(d).toMatchObject({ run_level: true, checkpoint: 'The run as a whole', span: { start: 1, end: 20 } });
    expect(d.checkpoint_description).toBe(
      'The run failed without a failed checkpoint. Stopped: reached the step limit (max_steps) after 21 events.',
    );
    expect(d.actions_in_span.map((a) => a.tool)).toEqual(Array(10).fill('airline.search_direct_flight'));
  });

  it('produces a proposal pending review whose provenance names that diagnosis (offline provider)', async () => {
    const { run, taskId, diagnosis } = await diagnosedMaxStepsRun();
    const queued = await createQueuedRun({ taskId, settings: offline });
    await executeRun(queued.id);
    const done = await prisma.reflectionRun.findUniqueOrThrow({
      where: { id: queued.id },
      include: { proposals: true },
    });
    expect(done.error).toBeNull();
    expect(done.status).toBe('SUCCEEDED');
    const pending = done.proposals.filter((p) => p.status === 'PENDING');
    expect(pending.length).toBeGreaterThanOrEqual(1);
    const provenance = await loadProposalProvenance(pending[0].id);
    expect(provenance?.diagnoses).toEqual([
      expect.objectContaining({
        id: diagnosis.id,
        runLevel: true,
        checkpoint: 'The run as a whole',
        href: `/trajectories/${run}?event=1&checkpoint=run%3A${run}&diagnosis=${diagnosis.id}`,
      }),
    ]);
  });
});
