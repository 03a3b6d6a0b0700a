import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { createActor } from '../../helpers/factories';
import { createQueuedRun, mailTaskWithDiagnosis } from '../../helpers/reflection-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

// Concrete values a checkpoint name can carry (τ²-bench names its NL assertions
// "Agent updates M05KNL to economy with the following flights: HAT110 … on 2024-05-24").
const LEAKS = ['jane.doe@example.com', 'M05KNL', 'HAT110', '2024-05-24'];

describe('the contrast packet never carries concrete values in checkpoint names', () => {
  it('de-identifies checkpoint names in the task, in every run and in the diagnoses, and the deltas stay clean', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const checkpoints = await prisma.taskCheckpoint.findMany({ where: { taskId } });
    for (const c of checkpoints) {
      await prisma.taskCheckpoint.update({
        where: { id: c.id },
        data: { name: `${c.name}: agent replies to jane.doe@example.com about M05KNL (flight HAT110 on 2024-05-24)` },
      });
    }
    const run = await createQueuedRun({ taskId, settings: offline });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
    expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');

    const packet = JSON.stringify(detail.packet);
    for (const value of LEAKS) expect(packet, value).not.toContain(value);
    expect(packet).toContain('<EMAIL>');
    const p = detail.packet as { task: { checkpoints: { name: string }[] }; diagnoses: { checkpoint: string }[] };
    expect(p.task.checkpoints.length).toBe(checkpoints.length);
    expect(p.diagnoses.length).toBeGreaterThanOrEqual(1);
    expect(p.diagnoses[0].checkpoint).toContain('<EMAIL>');

    const stored = JSON.stringify({ deltas: detail.deltas, proposals: detail.proposals });
    for (const value of LEAKS) expect(stored, value).not.toContain(value);
    expect(detail.proposals.filter((x) => x.status === 'PENDING' && x.valid).length).toBeGreaterThanOrEqual(1);
  });
});
