import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { getBoss, REFLECTION_QUEUE, stopBoss } from '@/lib/jobs/boss';
import { enqueueReflectionRun } from '@/lib/jobs/enqueue';
import { startReflectionWorker, type RunningWorker } from '@/lib/reflection/reflection-worker';
import { createBatchRuns, createReflectionRun } from '@/lib/reflection/create-run';
import { DEMO_BENCHMARK } from '@/lib/seed/demo-world';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { createActor } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';

const TERMINAL = ['SUCCEEDED', 'FAILED', 'CANCELLED'];

const runState = (id: string) =>
  prisma.reflectionRun.findUniqueOrThrow({ where: { id }, select: { status: true, error: true, jobId: true } });
const finished = (id: string) =>
  waitFor(`run ${id} to finish`, async () => {
    const r = await runState(id);
    return TERMINAL.includes(r.status) ? r : undefined;
  });
const pendingProposals = (taskId: string) => prisma.proposal.count({ where: { run: { taskId }, status: 'PENDING' } });

let taskId: string;
let worker: RunningWorker | undefined;

beforeAll(async () => {
  await seedDemoWorkspace();
  taskId = (
    await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: DEMO_BENCHMARK, externalId: 'mail/1' } },
    })
  ).id;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await stopBoss();
});

describe('reflection job worker', () => {
  it('executes a queued run to completion and its proposals wait for review', async () => {
    const reviewer = await createActor('REVIEWER');
    const run = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    expect((await runState(run.id)).status).toBe('QUEUED');
    expect((await runState(run.id)).jobId).toBeTruthy();
    worker = await startReflectionWorker({ concurrency: 1, log: () => undefined });
    const done = await finished(run.id);
    expect(done.error).toBeNull();
    expect(done.status).toBe('SUCCEEDED');
    expect(await pendingProposals(taskId)).toBeGreaterThanOrEqual(1);
  });

  it('does not duplicate proposals when a job is delivered again or the run is repeated on unchanged inputs', async () => {
    const reviewer = await createActor('REVIEWER');
    worker = await startReflectionWorker({ concurrency: 2, log: () => undefined });
    const first = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    await finished(first.id);
    const before = await prisma.proposal.count({ where: { run: { taskId } } });
    const pendingBefore = await pendingProposals(taskId);
    expect(pendingBefore).toBeGreaterThanOrEqual(1);

    // The same run's job delivered once more (e.g. re-sent after a restart): the worker leaves the finished run alone.
    const boss = await getBoss();
    const jobsBefore = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: first.id } });
    await enqueueReflectionRun(first.id, 2);
    const again = await runState(first.id);
    await waitFor('the repeated job to complete', async () => {
      const job = await boss.getJobById(REFLECTION_QUEUE, again.jobId!, { includeArchive: true });
      return job?.state === 'completed';
    });
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: first.id } })).finishedAt).toEqual(
      jobsBefore.finishedAt,
    );

    // A new run on the same, unchanged inputs.
    const second = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    expect((await finished(second.id)).status).toBe('SUCCEEDED');
    expect(await pendingProposals(taskId)).toBe(pendingBefore);
    expect(
      await prisma.proposal.count({ where: { run: { taskId }, status: { in: ['PENDING', 'APPROVED', 'REJECTED'] } } }),
    ).toBeLessThanOrEqual(before);
  });

  it('restarts a run left RUNNING by a killed worker when the next worker starts, and it completes', async () => {
    const reviewer = await createActor('REVIEWER');
    const run = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    // A worker took the job and marked the run RUNNING, then its process died: the job stays "active", nobody holds the run.
    const boss = await getBoss();
    const [job] = await boss.fetch(REFLECTION_QUEUE);
    expect(job.id).toBe((await runState(run.id)).jobId);
    await prisma.reflectionRun.update({ where: { id: run.id }, data: { status: 'RUNNING', startedAt: new Date() } });

    worker = await startReflectionWorker({ concurrency: 1, log: () => undefined });
    const done = await finished(run.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.jobId).not.toBe(job.id);
    // The dead worker's job is closed as failed (the worker's pg-boss instance replaced the sender one above).
    expect((await (await getBoss()).getJobById(REFLECTION_QUEUE, job.id, { includeArchive: true }))?.state).toBe(
      'failed',
    );
  });

  it('fails a run cleanly, with the reason, when its worker died on the restart too', async () => {
    const run = await prisma.reflectionRun.create({
      data: { kind: 'REFLECTION', taskId, provider: 'OFFLINE', status: 'RUNNING', startedAt: new Date() },
    });
    await enqueueReflectionRun(run.id, 2);
    const boss = await getBoss();
    await boss.fetch(REFLECTION_QUEUE); // taken by a worker that then died

    worker = await startReflectionWorker({ concurrency: 1, log: () => undefined });
    const done = await runState(run.id);
    expect(done.status).toBe('FAILED');
    expect(done.error).toMatch(/worker executing this run stopped .*start the run again/);
  });

  it('leaves a RUNNING run alone while a live worker in another process holds it, and recovers it once that process is gone', async () => {
    const run = await prisma.reflectionRun.create({
      data: { kind: 'REFLECTION', taskId, provider: 'OFFLINE', status: 'RUNNING', startedAt: new Date() },
    });
    await enqueueReflectionRun(run.id, 2);
    const boss = await getBoss();
    await boss.fetch(REFLECTION_QUEUE);
    // Another worker process: holds the run's lock on its own connection.
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await other.connect();
    await other.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', ['reflection-run', run.id]);

    worker = await startReflectionWorker({ concurrency: 1, log: () => undefined });
    expect(await worker.recover()).toEqual({ requeued: [], failed: [] });
    expect((await runState(run.id)).status).toBe('RUNNING');

    await other.end(); // that process died: PostgreSQL releases its locks
    await waitFor('the lock to be released', async () => (await worker!.recover()).failed.includes(run.id));
    expect((await runState(run.id)).status).toBe('FAILED');
  });

  it('returns the waiting run on a second click with the same settings instead of queuing a twin', async () => {
    const reviewer = await createActor('REVIEWER');
    const first = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    const again = await createReflectionRun(reviewer, {
      taskId,
      settings: { provider: 'offline', scope: 'failed_and_passed' },
    });
    expect(again.id).toBe(first.id);
    const other = await createReflectionRun(reviewer, {
      taskId,
      settings: { provider: 'offline', scope: 'passed_only' },
    });
    expect(other.id).not.toBe(first.id);
    worker = await startReflectionWorker({ concurrency: 2, log: () => undefined });
    await finished(first.id);
    await finished(other.id);
    const third = await createReflectionRun(reviewer, { taskId, settings: { provider: 'offline' } });
    expect(third.id).not.toBe(first.id);
    await finished(third.id);
  });

  it('refuses a run that requires diagnoses on a task without a submitted one, with a clear error', async () => {
    const reviewer = await createActor('REVIEWER');
    const bare = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: DEMO_BENCHMARK, externalId: 'mail/2' } },
    });
    // The demo seed's own run on mail/2 is there already; the refusal adds none.
    const runsBefore = await prisma.reflectionRun.count({ where: { taskId: bare.id } });
    await expect(
      createReflectionRun(reviewer, { taskId: bare.id, settings: { requireDiagnoses: true } }),
    ).rejects.toThrow(/no submitted diagnosis/);
    expect(await prisma.reflectionRun.count({ where: { taskId: bare.id } })).toBe(runsBefore);
    const annotator = await createActor('ANNOTATOR');
    await expect(createReflectionRun(annotator, { taskId })).rejects.toThrow(/cannot do this/);
  });

  it('batches every task with new diagnoses under one batch id, and skips them once queued', async () => {
    const researcher = await createActor('RESEARCHER');
    await prisma.reflectionRun.updateMany({
      where: { status: { in: ['QUEUED', 'RUNNING'] } },
      data: { status: 'CANCELLED' },
    });
    // mail/1 gets a diagnosis submitted after its last successful run; a task without diagnoses is never picked.
    await prisma.diagnosis.updateMany({
      where: { trajectory: { taskId } },
      data: { submittedAt: new Date(Date.now() + 1000) },
    });
    const bare = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: DEMO_BENCHMARK, externalId: 'mail/2' } },
    });
    const batch = await createBatchRuns(researcher, { mode: 'new-diagnoses', settings: { provider: 'offline' } });
    expect(batch.runs.map((r) => r.taskId)).toContain(taskId);
    expect(batch.runs.map((r) => r.taskId)).not.toContain(bare.id);
    const rows = await prisma.reflectionRun.findMany({ where: { id: { in: batch.runs.map((r) => r.id) } } });
    expect(rows.map((r) => [r.batchId, r.status, r.provider])).toEqual(
      rows.map(() => [batch.batchId, 'QUEUED', 'OFFLINE']),
    );
    // Nothing new while those runs wait.
    expect((await createBatchRuns(researcher, { mode: 'new-diagnoses' })).runs).toEqual([]);
    const explicit = await createBatchRuns(researcher, {
      mode: 'task-ids',
      taskIds: ['nope', bare.id, taskId],
      settings: { requireDiagnoses: true },
    });
    expect(explicit.runs).toEqual([]);
    expect(explicit.skipped).toEqual([
      { taskId: 'nope', reason: 'Task not found' },
      { taskId: bare.id, reason: 'No submitted diagnosis' },
      { taskId, reason: 'A run for this task is already queued or running' },
    ]);
    // Once those runs are done, an explicit batch runs the chosen task again.
    await prisma.reflectionRun.updateMany({ where: { batchId: batch.batchId }, data: { status: 'CANCELLED' } });
    const later = await createBatchRuns(researcher, {
      mode: 'task-ids',
      taskIds: [taskId, bare.id],
      settings: { requireDiagnoses: false },
    });
    expect(later.runs.map((r) => r.taskId).sort()).toEqual([taskId, bare.id].sort());
    expect(later.skipped).toEqual([]);
  });
});
