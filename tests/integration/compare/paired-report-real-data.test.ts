/**
 * The paired report on a real before/after pair: τ²-bench airline, gpt-4.1 and its supervised
 * fine-tune (same ten tasks, one trial each), imported through the real importer. Reads
 * ../shared/data when present; skipped (and listed in the summary) elsewhere, required in CI.
 */
import { expect, it } from 'vitest';
import { compareArms } from '@/lib/compare/compare-arms';
import { reportMarkdown } from '@/lib/compare/format-report';
import { createActor } from '../../helpers/factories';
import { describeOnRealData, importRealSample } from '../../helpers/real-samples';

const BASE = 'gpt-4.1';
const TUNED = 'ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm';

describeOnRealData('tau2-bench/airline', 'compare gpt-4.1 with its fine-tune on τ²-bench airline', () => {
  it('pairs the ten tasks and counts the flips as read off the two files', async () => {
    await importRealSample('tau2-bench/airline', ['gpt-4.1.json', 'ft-gpt-4.1-sft.json']);
    const r = await compareArms(await createActor('RESEARCHER'), {
      a: `model=${BASE}`,
      b: `model=${TUNED}`,
      benchmark: 'tau2-bench',
    });
    // Read off simulations[].reward_info.reward of each file (python, by task_id, trial 0 in both):
    // gpt-4.1 passes 16, 18, 29; the fine-tune passes 2, 16, 24, 44, 48. Both pass: 16. Pass→fail: 18, 29.
    // Fail→pass: 2, 24, 44, 48. Both fail: 22, 25, 32.
    expect(r.counts).toEqual({ pairs: 10, bothPass: 1, bothFail: 3, fixed: 4, broke: 2 });
    expect(r.onlyA).toEqual([]);
    expect(r.onlyB).toEqual([]);
    expect(r.flips.filter((f) => f.kind === 'broke').map((f) => f.taskExternalId)).toEqual([
      'airline/18',
      'airline/29',
    ]);
    // 4 vs 2: exact 2 · (C(6,0) + C(6,1) + C(6,2)) / 64 = 44/64; χ² (4 − 2)² / 6 and (2 − 1)² / 6.
    expect(r.mcnemar.exactP).toBeCloseTo(44 / 64, 12);
    expect(r.mcnemar.chiSquare?.uncorrected).toBeCloseTo(4 / 6, 12);
    expect(r.mcnemar.chiSquare?.corrected).toBeCloseTo(1 / 6, 12);
    expect([r.passRate.a.passed, r.passRate.b.passed]).toEqual([3, 5]);
    // agent_cost of the ten gpt-4.1 runs summed by hand / 10; the fine-tune's file records 0.0 for each.
    expect(r.cost.a).toBeCloseTo(0.0447804, 6);
    expect(r.cost.b).toBe(0);
    expect(r.byModel.map((g) => g.group)).toEqual([`${BASE} → ${TUNED}`]);
    expect(reportMarkdown(r)).toContain('| 10 | 1 | 3 | 4 | 2 | 0.688 | 0.67 | 0.17 |');
  });
});
