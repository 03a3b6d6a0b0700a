/**
 * Informational checks on real τ²-bench runs: the airline sample imported through the real importer, then
 * the queue counted with and without the runs that passed failing only checks outside their reward basis.
 * Reads ../shared/data when present; skipped (and listed in the summary) elsewhere, required in CI.
 *
 * The issue counted telecom (30 of 56 queue items from runs that scored 1.0, failing only the `db` check
 * telecom's basis leaves out); the shared sample holds airline runs only (no telecom file), so this counts
 * airline, whose basis is DB + COMMUNICATE: there the action checks and NL assertions do not count.
 * The expected numbers were counted from the files with a short script independent of the importer, over
 * every simulation's reward_info: a check failed when action_match / db_match / met is not true; it is
 * outside the basis when its component (ACTION, DB, NL_ASSERTION, ENV_ASSERTION, COMMUNICATE) is not in
 * reward_info.reward_basis; a run passed when reward >= 1. 78 simulations, 31 passed; 51 have a failed check;
 * 4 of them passed with every failed check outside the basis (ft-gpt-4.1-sft tasks 2 and 44, gpt-4o task 2,
 * gpt-oss-120b task 24), 10 failed checks between them; 185 failed checks in all, 137 outside the basis;
 * 48 failed checks inside the basis of a run that failed (the ones that decided the outcome).
 */
import { expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listQueue } from '@/lib/queue/list-queue';
import { createActor } from '../../helpers/factories';
import { describeOnRealData, importRealSample } from '../../helpers/real-samples';

describeOnRealData('tau2-bench/airline', 'informational checks on the τ²-bench airline sample', () => {
  it('leaves the 4 passed runs that failed only checks outside DB + COMMUNICATE out of the queue by default', async () => {
    await importRealSample('tau2-bench/airline');
    const benchmark = 'tau2-bench';
    const failed = { passed: false, trajectory: { benchmark } } as const;
    expect(await prisma.trajectory.count({ where: { benchmark } })).toBe(78);
    expect(await prisma.checkpointResult.count({ where: failed })).toBe(185);
    expect(await prisma.checkpointResult.count({ where: { ...failed, inRewardBasis: false } })).toBe(137);
    expect(
      await prisma.checkpointResult.count({
        where: { passed: false, inRewardBasis: true, trajectory: { benchmark, passed: false } },
      }),
    ).toBe(48);
    expect(
      await prisma.checkpointResult.count({
        where: { passed: false, inRewardBasis: false, trajectory: { benchmark, informationalOnly: true } },
      }),
    ).toBe(10);

    const actor = await createActor('ANNOTATOR');
    const total = async (informational?: string) =>
      (await listQueue(actor, { benchmark, ...(informational ? { informational } : {}) })).counts.total;
    expect(await total()).toBe(47);
    expect(await total('include')).toBe(51);
    expect(await total('only')).toBe(4);
    const only = await listQueue(actor, { benchmark, informational: 'only' });
    expect(only.items.map((i) => `${i.model} ${i.taskExternalId}`).sort()).toEqual([
      'azure/gpt-4o-2024-11-20 airline/2',
      'ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm airline/2',
      'ft:gpt-4.1-2025-04-14:sierra:tau2-full-sft:BzrYdMNm airline/44',
      'openai/gpt-oss-120b airline/24',
    ]);
    expect(only.items.every((i) => i.passed)).toBe(true);
  });
});
