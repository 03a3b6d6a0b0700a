import { describe, expect, it } from 'vitest';
import { compareArms } from '@/lib/compare/compare-arms';
import { newestReleaseRegressions } from '@/lib/compare/newest-release-regressions';
import { FAILED as F, PASSED as P, monthlyReleases, seedArmRuns } from '../../helpers/compare-arms';
import { createActor, uid } from '../../helpers/factories';

describe("the dashboard's regression headline", () => {
  it('counts what the newest release broke against the round before it, as the report does', async () => {
    const bench = `head-${uid()}`;
    const [older, newer] = await monthlyReleases('old', 'new');
    await seedArmRuns(bench, [
      // R0 runs exist too: the newest pair is (older, newer), not (R0, older).
      { task: 'k/1', trial: 0, release: null, cps: F },
      { task: 'k/1', trial: 0, release: older, cps: P },
      { task: 'k/1', trial: 0, release: newer, cps: F },
      { task: 'k/2', trial: 0, release: older, cps: P },
      { task: 'k/2', trial: 0, release: newer, cps: F },
      { task: 'k/3', trial: 0, release: older, cps: F },
      { task: 'k/3', trial: 0, release: newer, cps: P },
      { task: 'k/4', trial: 0, release: older, cps: P },
      { task: 'k/4', trial: 0, release: newer, cps: P },
      // A re-run of k/4 under the newer release fails: the newest run is the one paired.
      { task: 'k/4', trial: 0, release: newer, cps: F },
      // Another model on k/5: pairs with itself only.
      { task: 'k/5', trial: 0, model: 'm2', release: older, cps: P },
      { task: 'k/5', trial: 0, model: 'm2', release: newer, cps: P },
    ]);
    const researcher = await createActor('RESEARCHER');
    const h = await newestReleaseRegressions(researcher, { benchmark: bench });
    // By hand: k/1, k/2 and k/4 (newest re-run) broke, k/3 fixed, k/5 both pass.
    expect(h).toEqual({ a: older, b: newer, pairs: 5, broke: 3, fixed: 1 });
    const report = await compareArms(researcher, { a: older, b: newer, benchmark: bench });
    expect([report.counts.pairs, report.counts.broke, report.counts.fixed]).toEqual([5, 3, 1]);
    // Annotators read the dashboard but not the report: no headline for them.
    expect(await newestReleaseRegressions(await createActor('ANNOTATOR'), { benchmark: bench })).toBeNull();
  });
});
