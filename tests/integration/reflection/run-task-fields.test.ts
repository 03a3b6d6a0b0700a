import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listRuns } from '@/lib/reflection/read-run';
import { listProposals } from '@/lib/review/list-proposals';
import { createActor, ensureTask, uid } from '../../helpers/factories';

// The runs list and the review inbox label each row from the run alone (run_task_fields migration): triggers keep the
// run's copy of its task's benchmark and external id exact, whichever way the run or the task is written.
describe("a run's task label", () => {
  it("is the task's benchmark and external id on the runs list and the review inbox, and follows the task when they change", async () => {
    const reviewer = await createActor('REVIEWER');
    const benchmark = `label-${uid()}`;
    const { id: taskId } = await ensureTask({ benchmark, externalId: 'mail/7' });
    const run = await prisma.reflectionRun.create({ data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED' } });
    const proposal = await prisma.proposal.create({
      data: { runId: run.id, cardKind: 'SKILL', operation: 'ADD_CARD', reason: 'label test' },
    });
    const labels = async () => {
      const runs = await listRuns(reviewer, { taskId });
      const inbox = await listProposals(reviewer, { status: 'PENDING', taskId });
      return {
        run: runs.items.find((r) => r.id === run.id)?.task ?? null,
        proposal: inbox.items.find((p) => p.id === proposal.id)?.task ?? null,
      };
    };
    expect(await labels()).toEqual({
      run: { id: taskId, benchmark, externalId: 'mail/7' },
      proposal: { id: taskId, benchmark, externalId: 'mail/7' },
    });

    await prisma.task.update({ where: { id: taskId }, data: { externalId: 'mail/8' } });
    expect(await labels()).toEqual({
      run: { id: taskId, benchmark, externalId: 'mail/8' },
      proposal: { id: taskId, benchmark, externalId: 'mail/8' },
    });
  });

  it('moves with the run to another task and goes when the run has none', async () => {
    const researcher = await createActor('RESEARCHER');
    const { id: first } = await ensureTask({ benchmark: `label-${uid()}`, externalId: 'a/1' });
    const second = await ensureTask({ benchmark: `label-${uid()}`, externalId: 'b/2' });
    const run = await prisma.reflectionRun.create({
      data: { taskId: first, provider: 'OFFLINE', status: 'SUCCEEDED' },
    });
    await prisma.reflectionRun.update({ where: { id: run.id }, data: { taskId: second.id } });
    expect((await listRuns(researcher, { taskId: second.id })).items.map((r) => r.task)).toEqual([
      { id: second.id, benchmark: second.benchmark, externalId: 'b/2' },
    ]);
    await prisma.reflectionRun.update({ where: { id: run.id }, data: { taskId: null } });
    const stored = await prisma.reflectionRun.findUniqueOrThrow({
      where: { id: run.id },
      select: { taskBenchmark: true, taskExternalId: true },
    });
    expect(stored).toEqual({ taskBenchmark: null, taskExternalId: null });
  });
});
