/**
 * The contrast view on real data: the τ²-bench airline sample imported through
 * the real importer (lib/import), then task 16 (8 models) loaded for the view.
 * Reads ../shared/data when present; skipped (and listed in the summary) elsewhere, required in CI.
 */
import { expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { createActor } from '../../helpers/factories';
import { describeOnRealData, importRealSample } from '../../helpers/real-samples';

describeOnRealData('tau2-bench/airline', 'contrast on the imported τ²-bench airline sample', () => {
  it('shows the eight runs of airline task 16 aligned, with gpt-oss-120b’s skipped look-up as the first divergence', async () => {
    await importRealSample('tau2-bench/airline');
    const task = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: 'tau2-bench', externalId: 'airline/16' } },
    });
    const view = await loadTaskContrast(await createActor('REVIEWER'), task.id);

    expect(view.trajectories).toHaveLength(8);
    expect(view.trajectories.filter((t) => t.passed)).toHaveLength(5);
    const col = (model: string) => view.trajectories.findIndex((t) => t.model === model);
    const oss = view.trajectories[col('openai/gpt-oss-120b')];

    expect(view.divergence).toMatchObject({ mode: 'pass-vs-fail', differing: [oss.id] });
    const row = view.steps[view.divergence.row!];
    expect(row[col('openai/gpt-oss-120b')]).toBeNull();
    expect(row[col('gpt-4.1')]).toMatchObject({
      tool: 'airline.get_reservation_details',
      args: 'reservation_id=UHDAHF',
    });
    // Every failing run has its own departure point; gpt-4o's is a booking the passing runs never made.
    const gpt4o = view.trajectories[col('azure/gpt-4o-2024-11-20')];
    expect(view.steps[view.divergence.perRun[gpt4o.id]!][col('azure/gpt-4o-2024-11-20')]?.tool).toBe(
      'airline.book_reservation',
    );

    // Checkpoint grid: the expected update call (16_0) passed for every passing run and failed for every failing one.
    const k = view.checkpoints.findIndex((c) => c.key === '16_0');
    expect(view.checkpoints[k].kind).toBe('action');
    view.trajectories.forEach((t, r) =>
      expect({ model: t.model, passed: view.grid[r][k]?.passed }).toEqual({ model: t.model, passed: t.passed }),
    );
    expect(view.truncated).toEqual([]);
  });
});
