/**
 * The real Terminal-Bench run folder (../shared/data/atif): trajectory.json with metrics.json and a
 * verifier output that holds no result (the verifier failed to start), imported as one run.
 */
import { describe, expect, it } from 'vitest';
import { importFile } from '@/lib/import/run-import';
import { realDataPath, skipWithoutRealData } from '../../../scripts/lib/real-data';
import { importedTrajectory } from '../../helpers/import-results';
import { cli } from '../../helpers/import-files';

const RUN = 'atif/regex-log_20251211-161750-ba4ddb16';

describe.skipIf(skipWithoutRealData(RUN, 'ATIF real run folder import'))('the real ATIF run folder', () => {
  it("imports as one run with its metrics; the verifier's output holds no result, so the self-report stays and the report says so", async () => {
    const report = await importFile({ ...cli, filePath: realDataPath(RUN) });
    expect(report).toMatchObject({ format: 'atif', status: 'SUCCEEDED', recordsTotal: 1, importedCount: 1 });
    expect(report.errors.map((e) => e.path)).toEqual([
      'trajectory.json: schema_version',
      'trajectory.json: agent.model',
      'trajectory.json: steps[2].observation',
      'trajectory.json: steps[6].tool_calls[0]',
      'trajectory.json: steps',
      'trajectory.json: verifier/output.txt',
    ]);
    expect(report.errors.at(-1)?.reason).toMatch(
      /^verifier\/output\.txt holds no test result \(it starts "docker: Error/,
    );
    const { t, results } = await importedTrajectory('atif:tbench-1765491470070-3679a2f1');
    expect(t).toMatchObject({ passed: true, feedbackKind: 'SELF_JUDGE' });
    expect(results).toEqual({});
    expect(t.metadata).toMatchObject({ metrics: { turns: 6, cost: 0.1268215 }, verifier_file: 'verifier/output.txt' });
  });
});
