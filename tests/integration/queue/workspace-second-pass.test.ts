import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { getImportReport } from '@/lib/import/import-jobs';
import { listQueue } from '@/lib/queue/list-queue';
import { listTasks, taskListQuerySchema } from '@/lib/tasks/list-tasks';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { createActor } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { BOOKING_EVENT, seedTau2Workspace } from '../../helpers/tau2-workspace';

describe('annotator workspace data (τ²-bench-shaped booking task)', () => {
  it('gives a failed action checkpoint its expected call and the anchored actual call, so the differing field can be shown', async () => {
    const w = await seedTau2Workspace();
    const view = await getTrajectory(await createActor('ANNOTATOR'), w.failingId);
    const booking = view.checkpoints.find((c) => c.key === '900_1')!;
    expect(booking).toMatchObject({ passed: false, kind: 'action', eventIndex: BOOKING_EVENT });
    expect(booking.expectedCall).toMatchObject({
      name: 'book_reservation',
      arguments: { total_baggages: 1, cabin: 'economy' },
    });
    expect(booking.expectedCall!.compared).toContain('total_baggages');
    expect(booking.anchoredCall).toMatchObject({
      tool: `${w.domain}.book_reservation`,
      arguments: { total_baggages: 0, cabin: 'economy' },
    });
    // Checks that are not calls carry no call.
    expect(view.checkpoints.find((c) => c.key === 'db')).toMatchObject({
      expectedCall: null,
      anchoredCall: null,
      passed: false,
    });
  });

  it('says how the failing run departs from the passing runs at the divergence: total_baggages 1 → 0', async () => {
    const w = await seedTau2Workspace();
    const contrast = await loadTaskContrast(await createActor('REVIEWER'), w.taskId);
    expect(contrast.divergence).toMatchObject({ mode: 'pass-vs-fail', differing: [w.failingId] });
    expect(contrast.divergenceDetails).toEqual([
      {
        trajectoryId: w.failingId,
        kind: 'arguments',
        consensusTool: `${w.domain}.book_reservation`,
        actualTool: `${w.domain}.book_reservation`,
        consensus: { total_baggages: 1 },
        actual: { total_baggages: 0 },
      },
    ]);
  });
});

describe('task list and queue filters', () => {
  it('searches tasks by part of the benchmark task id, treating % and _ literally', async () => {
    const actor = await createActor('RESEARCHER');
    const w = await seedTau2Workspace();
    await seedTau2Workspace();
    const found = await listTasks(actor, taskListQuerySchema.parse({ taskId: `${w.domain}/9` }));
    expect(found.items.map((t) => t.externalId)).toEqual([w.externalId]);
    expect(found.total).toBe(1);
    expect((await listTasks(actor, taskListQuerySchema.parse({ taskId: w.taskId }))).items.map((t) => t.id)).toEqual([
      w.taskId,
    ]);
    expect((await listTasks(actor, taskListQuerySchema.parse({ taskId: '%' }))).total).toBe(0);
  });

  it('lists the most recently imported benchmark first, natural task order within it, and pages across benchmarks', async () => {
    const actor = await createActor('RESEARCHER');
    // Task ids carry a marker, so the task-id search keeps other tests' tasks out of these pages.
    const mark = `k${Date.now()}`;
    const id = (n: string) => `${mark}-${n}`;
    // Alphabetically the older benchmark comes first: only the import time can put the newer one on top.
    const older = `a-bench-old-${mark}`;
    const newer = `z-bench-new-${mark}`;
    const mixed = `m-bench-mixed-${mark}`;
    await seedRecords(['t/1', 't/3'].map((n) => failedRecord({ benchmark: older, taskId: id(n) })));
    await prisma.task.updateMany({
      where: { benchmark: older },
      data: { createdAt: new Date(Date.now() - 3_600_000) },
    });
    await seedRecords(['t/10', 't/2'].map((n) => failedRecord({ benchmark: newer, taskId: id(n) })));
    // A benchmark whose newest task is the newest counts as newest, even with an old task in it.
    await seedRecords([failedRecord({ benchmark: mixed, taskId: id('m/1') })]);
    await prisma.task.updateMany({
      where: { benchmark: mixed },
      data: { createdAt: new Date(Date.now() - 1_800_000) },
    });
    await seedRecords([failedRecord({ benchmark: mixed, taskId: id('m/2') })]);

    const list = async (q: Record<string, unknown>) =>
      (await listTasks(actor, taskListQuerySchema.parse({ taskId: mark, ...q }))).items.map(
        (t) => `${t.benchmark.split('-')[2]} ${t.externalId.slice(mark.length + 1)}`,
      );
    const expected = ['mixed m/1', 'mixed m/2', 'new t/2', 'new t/10', 'old t/1', 'old t/3'];
    expect(await list({ pageSize: 100 })).toEqual(expected);
    // Pages split inside a benchmark and across two, without repeating or skipping a task.
    expect([
      await list({ pageSize: 2, page: 1 }),
      await list({ pageSize: 2, page: 2 }),
      await list({ pageSize: 2, page: 3 }),
    ]).toEqual([
      ['mixed m/1', 'mixed m/2'],
      ['new t/2', 'new t/10'],
      ['old t/1', 'old t/3'],
    ]);
    expect([...(await list({ pageSize: 3, page: 1 })), ...(await list({ pageSize: 3, page: 2 }))]).toEqual(expected);
    // Other filters apply inside each benchmark's scan.
    expect(await list({ taskId: id('t/1'), pageSize: 100 })).toEqual(['new t/10', 'old t/1']);
    expect(await list({ benchmark: older })).toEqual(['old t/1', 'old t/3']);
  });

  it('filters tasks and the queue to what one import wrote, and the import report lists those tasks', async () => {
    const researcher = await createActor('RESEARCHER');
    const annotator = await createActor('ANNOTATOR');
    const benchmark = `bench-imp-${Date.now()}`;
    const [a, b] = await seedRecords([
      failedRecord({ benchmark, taskId: 'x/1' }),
      failedRecord({ benchmark, taskId: 'x/2' }),
    ]);
    const job = await prisma.importJob.create({
      data: { status: 'SUCCEEDED', source: 'API', fileName: 'x.jsonl', recordsTotal: 1, importedCount: 1 },
    });
    await prisma.trajectory.update({ where: { id: a }, data: { importJobId: job.id } });

    const tasks = await listTasks(researcher, taskListQuerySchema.parse({ importId: job.id }));
    expect(tasks.items.map((t) => t.externalId)).toEqual(['x/1']);
    expect(tasks.total).toBe(1);
    const queue = await listQueue(annotator, { importId: job.id });
    expect(queue.items.map((i) => i.trajectoryId)).toEqual([a]);
    expect(queue.items.map((i) => i.trajectoryId)).not.toContain(b);

    const report = await getImportReport(job.id);
    expect(report.taskCount).toBe(1);
    expect(report.tasks).toEqual([expect.objectContaining({ externalId: 'x/1', benchmark })]);
  });

  it('names the harness and trial of each queue item', async () => {
    const w = await seedTau2Workspace();
    const queue = await listQueue(await createActor('ANNOTATOR'), { taskId: w.externalId });
    expect(queue.items).toEqual([
      expect.objectContaining({
        trajectoryId: w.failingId,
        model: 'claude-opus-4-6',
        agent: 'tool_calling_agent',
        trial: 0,
      }),
    ]);
  });
});
