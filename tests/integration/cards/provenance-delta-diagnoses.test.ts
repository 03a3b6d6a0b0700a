import { describe, expect, it } from 'vitest';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { createQueuedRun, seedTaskInOwnBank, submitDiagnoses } from '../../helpers/reflection-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

describe("a card's provenance names the diagnoses behind its delta", () => {
  it('lists only the diagnosis each delta was built from, linked to land on that diagnosis', async () => {
    const seeded = await seedTaskInOwnBank(DEMO_TASKS[0]);
    const trajectoryId = seeded.trajectories['quill-medium'];
    // Two annotators, two different lessons on the same checkpoint: the offline reflector makes one delta of each.
    const [pages] = await submitDiagnoses(trajectoryId, {
      wrong: 'Read only the first page of search results.',
      should: 'Fetch every page until next_page is null.',
      onlyFirst: true,
    });
    const [newest] = await submitDiagnoses(trajectoryId, {
      wrong: 'Opened an older message than the newest match.',
      should: 'Open the newest matching message, by date.',
      category: 'wrong-tool-or-arguments',
      onlyFirst: true,
    });
    const run = await createQueuedRun({ taskId: seeded.taskId, settings: offline });
    await executeRun(run.id);

    const deltas = await prisma.skillDelta.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    expect(deltas.map((d) => d.diagnosisIds)).toEqual([[pages], [newest]]);
    for (const [i, id] of [pages, newest].entries()) {
      const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId: run.id, deltaIndex: i } });
      const prov = (await loadProposalProvenance(proposal.id))!;
      expect(prov.diagnosesScope).toBe('delta');
      expect(prov.diagnoses.map((d) => d.id)).toEqual([id]);
      const cp = await prisma.diagnosis.findUniqueOrThrow({ where: { id }, select: { checkpointResultId: true } });
      const href = new URL(prov.diagnoses[0].href, 'http://x');
      expect(href.pathname).toBe(`/trajectories/${trajectoryId}`);
      expect(Object.fromEntries(href.searchParams)).toMatchObject({ diagnosis: id, checkpoint: cp.checkpointResultId });
    }
  });

  it('falls back to every diagnosis the run read when the delta does not say, and says so', async () => {
    const seeded = await seedTaskInOwnBank(DEMO_TASKS[0]);
    const ids = await submitDiagnoses(seeded.trajectories['quill-medium'], {
      wrong: 'Read only the first page of search results.',
      should: 'Fetch every page until next_page is null.',
    });
    const run = await createQueuedRun({ taskId: seeded.taskId, settings: offline });
    await executeRun(run.id);
    // As a run from before deltas recorded their diagnoses (or an LLM reflector that did not say).
    await prisma.skillDelta.updateMany({ where: { runId: run.id }, data: { diagnosisIds: [] } });
    const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId: run.id, deltaIndex: 0 } });
    const prov = (await loadProposalProvenance(proposal.id))!;
    expect(prov.diagnosesScope).toBe('run');
    expect(prov.diagnoses.map((d) => d.id).sort()).toEqual([...ids].sort());
  });
});
