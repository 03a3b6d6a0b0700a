import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { cardImpact } from '@/lib/dashboard/card-impact';
import { compactCellsIfGrown, compactDashboardCells } from '@/lib/dashboard/compact-cells';
import { coverage } from '@/lib/dashboard/coverage';
import { passRates } from '@/lib/dashboard/pass-rates';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { importFile } from '@/lib/import/run-import';
import { completeDiagnosis as complete, createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

// The dashboard reads per-trajectory checkpoint counts kept by triggers (dashboard_summary migration):
// these tests write through the real import and diagnosis code and read the figures straight after.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'dashboard-summary-'));
const cli = { by: { cli: true } as const, source: 'CLI' as const };

function importRecords(records: ReturnType<typeof failedRecord>[]) {
  const file = path.join(tmp, `${uid()}.jsonl`);
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return importFile({ ...cli, filePath: file });
}

const withMemory = (r: ReturnType<typeof failedRecord>, release: string, cards: string[]) => ({
  ...r,
  trajectory: { ...r.trajectory, memory: { bank_release: release, card_ids: cards } },
});

describe('dashboard figures right after a write', () => {
  it('counts an import in the pass rate by round and in card impact as soon as it returns', async () => {
    const benchmark = `sum-${uid()}`;
    const card = `skill::sum_${uid()}`;
    const rec = (failed: number, passed: number) =>
      failedRecord({ benchmark, taskId: `t-${failed}-${passed}`, model: 'm1', failed, passed });
    await importRecords([withMemory(rec(1, 3), 'rel-s', [card, card]), withMemory(rec(0, 2), 'rel-s', [])]);
    let r = await passRates({ benchmark });
    expect(r.byRound.map((p) => [p.release, p.model, p.trajectories, p.checkpointsPassed, p.checkpoints])).toEqual([
      ['rel-s', 'm1', 2, 5, 6],
    ]);
    // The card is listed twice in one trajectory: it counts once.
    expect(
      (await cardImpact({ benchmark }, { cardKeys: [card] })).map((i) => [
        i.injected.trajectories,
        i.injected.passed,
        i.injected.checkpoints,
        i.comparison.passed,
        i.comparison.checkpoints,
      ]),
    ).toEqual([[1, 3, 4, 2, 2]]);

    await importRecords([rec(2, 1)]);
    r = await passRates({ benchmark });
    expect(r.byModel).toEqual([
      expect.objectContaining({ model: 'm1', trajectories: 3, checkpoints: 9, checkpointsPassed: 6 }),
    ]);
    expect(r.byRound.find((p) => p.release === null)).toMatchObject({
      round: 'R0',
      checkpoints: 3,
      checkpointsPassed: 1,
    });
  });

  it('counts a submitted diagnosis in coverage at once, not a draft, and drops it again when the diagnosis is deleted', async () => {
    const benchmark = `sum-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 2, events: 10 })]);
    const [first, second] = await prisma.checkpointResult.findMany({
      where: { trajectoryId, passed: false },
      orderBy: { id: 'asc' },
    });
    const category = await prisma.failureCategory.findFirstOrThrow({ where: { key: 'wrong-tool-or-arguments' } });
    expect((await coverage({ benchmark })).total).toEqual({ failed: 2, diagnosed: 0, coverage: 0 });

    const a = await createActor('ANNOTATOR');
    await prisma.diagnosis.create({
      data: { trajectoryId, checkpointResultId: second.id, authorId: a.userId, status: 'DRAFT' },
    });
    expect((await coverage({ benchmark })).total.diagnosed).toBe(0);
    const { diagnosis } = await submitDiagnosis(a, complete(first.id, category.id));
    expect((await coverage({ benchmark })).total).toEqual({ failed: 2, diagnosed: 1, coverage: 0.5 });

    await prisma.diagnosis.delete({ where: { id: diagnosis.id } });
    expect((await coverage({ benchmark })).total.diagnosed).toBe(0);
  });

  it('keeps the count exact when two transactions diagnose one trajectory at the same time', async () => {
    const benchmark = `sum-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 2, events: 10 })]);
    const [first, second] = await prisma.checkpointResult.findMany({ where: { trajectoryId, passed: false } });
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const submitted = (checkpointResultId: string, authorId: string) => ({
      trajectoryId,
      checkpointResultId,
      authorId,
      status: 'SUBMITTED' as const,
      submittedAt: new Date(),
    });
    // Both inserts overlap: the first transaction commits only once the second is waiting on it, so a
    // recount with the second's stale snapshot would store 1 instead of 2.
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const waitForBlockedWriter = async () => {
      for (;;) {
        const [{ n }] = await prisma.$queryRaw<
          { n: number }[]
        >`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        if (n > 0) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([
      prisma.$transaction(
        async (tx) => {
          await tx.diagnosis.create({ data: submitted(first.id, a.userId) });
          firstInserted();
          await waitForBlockedWriter();
        },
        { timeout: 20_000 },
      ),
      inserted.then(() =>
        prisma.$transaction((tx) => tx.diagnosis.create({ data: submitted(second.id, b.userId) }), { timeout: 20_000 }),
      ),
    ]);
    expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).diagnosedCount).toBe(2);
    expect((await coverage({ benchmark })).total).toEqual({ failed: 2, diagnosed: 2, coverage: 1 });
  });

  it('follows a checkpoint result that flips and rolls back with a failed transaction', async () => {
    const benchmark = `sum-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 1, passed: 1 })]);
    const failed = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.checkpointResult.update({ where: { id: failed.id }, data: { passed: true } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await passRates({ benchmark })).byModel[0]).toMatchObject({ checkpoints: 2, checkpointsPassed: 1 });
    await prisma.checkpointResult.update({ where: { id: failed.id }, data: { passed: true } });
    expect((await passRates({ benchmark })).byModel[0]).toMatchObject({ checkpoints: 2, checkpointsPassed: 2 });
    await prisma.checkpointResult.delete({ where: { id: failed.id } });
    expect((await passRates({ benchmark })).byModel[0]).toMatchObject({ checkpoints: 1, checkpointsPassed: 1 });
  });

  it('counts two imports running in parallel exactly, and compaction leaves every figure unchanged', async () => {
    const benchmark = `sum-${uid()}`;
    const card = `skill::par_${uid()}`;
    const batch = (model: string) =>
      Array.from({ length: 30 }, (_, i) =>
        withMemory(
          failedRecord({ benchmark, taskId: `p-${i % 3}-${i % 2}`, model, failed: i % 2, passed: 2 }),
          'rel-p',
          i % 3 === 0 ? [card] : [],
        ),
      );
    await Promise.all([
      importRecords(batch('m1')),
      importRecords(batch('m2')),
      importRecords(batch('m1').map((r) => ({ ...r, trajectory: { ...r.trajectory, id: `${r.trajectory.id}-b` } }))),
    ]);
    const before = {
      rates: await passRates({ benchmark }),
      cov: await coverage({ benchmark }),
      impact: await cardImpact({ benchmark }),
    };
    expect(before.rates.byModel.map((m) => [m.model, m.trajectories, m.checkpoints, m.checkpointsPassed])).toEqual([
      ['m1', 60, 150, 120],
      ['m2', 30, 75, 60],
    ]);
    expect(before.impact.map((r) => [r.injected.trajectories, r.comparison.trajectories])).toEqual([[30, 60]]);
    const deltas = await prisma.dashboardCell.count({ where: { compacted: false } });
    expect(deltas).toBeGreaterThan(0);
    expect(await compactDashboardCells()).toBe(true);
    expect(await prisma.dashboardCell.count({ where: { compacted: false } })).toBe(0);
    expect({
      rates: await passRates({ benchmark }),
      cov: await coverage({ benchmark }),
      impact: await cardImpact({ benchmark }),
    }).toEqual(before);
  });

  it('compacts in the background only once enough deltas have piled up', async () => {
    await seedRecords([failedRecord({ benchmark: `sum-${uid()}`, failed: 1 })]);
    const deltas = await prisma.dashboardCell.count({ where: { compacted: false } });
    expect(deltas).toBeGreaterThan(0);
    expect(await compactCellsIfGrown(deltas + 10_000)).toBe(false);
    expect(await prisma.dashboardCell.count({ where: { compacted: false } })).toBe(deltas);
    expect(await compactCellsIfGrown(1)).toBe(true);
    expect(await prisma.dashboardCell.count({ where: { compacted: false } })).toBe(0);
  });

  it('takes a deleted task and its trajectories out of the figures', async () => {
    const benchmark = `sum-${uid()}`;
    await seedRecords([
      failedRecord({ benchmark, taskId: 'gone', failed: 1 }),
      failedRecord({ benchmark, taskId: 'kept', failed: 0 }),
    ]);
    expect((await passRates({ benchmark })).byModel[0]).toMatchObject({ trajectories: 2, checkpoints: 3 });
    await prisma.task.delete({ where: { benchmark_externalId: { benchmark, externalId: 'gone' } } });
    expect((await passRates({ benchmark })).byModel[0]).toMatchObject({
      trajectories: 1,
      checkpoints: 1,
      checkpointsPassed: 1,
    });
    expect((await coverage({ benchmark })).total.failed).toBe(0);
  });
});
