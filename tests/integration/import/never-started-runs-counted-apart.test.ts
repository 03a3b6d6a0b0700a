import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { compactDashboardCells } from '@/lib/dashboard/compact-cells';
import { coverage } from '@/lib/dashboard/coverage';
import { passRates } from '@/lib/dashboard/pass-rates';
import { importFile } from '@/lib/import/run-import';
import { writeTacFolder } from '../../helpers/tac-fixture';
import { cli } from '../../helpers/import-files';

/**
 * The fixture's OpenHands agent ran four tasks: ds-sheets (failed, partial credit), finance-bonus
 * (full completion by its bonus final score), admin-bools (failed) and hr-never (never started, 0/0).
 */
const OPENHANDS = { benchmark: 'theagentcompany', agent: 'OpenHands 0.14.2' };

describe('runs that never started', () => {
  it('are counted apart in the import report and left out of failed runs, pass rates and coverage', async () => {
    const dir = writeTacFolder(mkdtempSync(path.join(os.tmpdir(), 'tac-never-')));
    const report = await importFile({ ...cli, filePath: dir });
    expect(report).toMatchObject({ status: 'SUCCEEDED', importedCount: 6, notStarted: 1 });
    // Counted apart, not as a problem of the file, nor as a failed run the queue must take.
    expect(report.errors.filter((e) => e.reason.includes('never started'))).toEqual([]);
    expect(report.failedWithoutFailedCheckpoint).toBe(0);

    const never = await prisma.trajectory.findUniqueOrThrow({
      where: { externalId: 'theagentcompany/OpenHands 0.14.2/sonnet-20241022/hr-never' },
    });
    expect(never).toMatchObject({ notStarted: true, passed: false, pendingCount: 0, failedCheckpoints: [] });

    const expectFigures = async () => {
      const rates = await passRates(OPENHANDS);
      expect(rates.notStarted).toBe(1);
      expect(rates.byModel).toEqual([
        expect.objectContaining({ model: 'sonnet-20241022', trajectories: 3, tasksPassed: 1, taskPassRate: 1 / 3 }),
      ]);
      // Failed units are the failed checkpoint results only: no run-level item for the run that never started.
      const failedCheckpoints = await prisma.checkpointResult.count({
        where: { passed: false, trajectory: { agent: OPENHANDS.agent } },
      });
      expect((await coverage(OPENHANDS)).total.failed).toBe(failedCheckpoints);
    };
    await expectFigures();
    // The compacted cube keeps the count (a cell holding only never-started runs is not dropped).
    await compactDashboardCells();
    await expectFigures();

    const again = await importFile({ ...cli, filePath: dir });
    expect(again).toMatchObject({ status: 'SUCCEEDED', presentCount: 6, notStarted: 0 });
    expect((await passRates(OPENHANDS)).notStarted).toBe(1);
  });
});
