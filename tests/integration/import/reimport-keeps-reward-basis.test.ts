/**
 * A τ²-bench file imported before the console recorded each check's reward-basis standing (in_reward_basis,
 * derived by the adapter) is imported again: every run reads "already present", never a conflict, and what
 * the migration derived for the stored rows stays as it is. Runs imported since (whose identity included the
 * standing) are present too.
 */
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { importFile } from '@/lib/import/run-import';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash, trajectoryHashWithStanding } from '@/lib/import/write-record';
import type { NativeRecord } from '@/lib/import/native-schema';
import { cli, tempFolder } from '../../helpers/import-files';
import { telecomResults } from '../../helpers/tau2-telecom';

const write = tempFolder('reimport-basis-');

/** A telecom-shaped file: reward basis ENV_ASSERTION only; run s1 scores 1.0 yet fails the db check, s2 fails. */
function tau2Content(taskId = '7') {
  return telecomResults({
    taskId,
    domain: 'phone',
    llm: 'gpt-x',
    actions: [{ action_id: '7_0', name: 'toggle_data', arguments: {}, requestor: 'user' }],
    runs: [
      { id: `${taskId}-s1`, trial: 0, works: true, dbMatch: false },
      { id: `${taskId}-s2`, trial: 1, works: false, dbMatch: false },
    ],
  });
}

function records(content: ReturnType<typeof tau2Content>): NativeRecord[] {
  return content.simulations.map((s) => {
    const parsed = validateRecord(tau2SimulationToRecord(content.info, content.tasks[0], s));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    return parsed.record;
  });
}

/** The record as an import made before in_reward_basis existed saw it: no standing on any check. */
function beforeRewardBasis(record: NativeRecord): NativeRecord {
  return {
    ...record,
    checkpoints: record.checkpoints.map((c) => {
      const { in_reward_basis: _standing, ...rest } = c;
      return rest;
    }),
  };
}

describe('re-importing a τ²-bench file imported before the reward basis was recorded', () => {
  it('reads "already present" for every run, whichever identity the stored run carries', async () => {
    const content = tau2Content();
    const file = write('phone.json', content);
    expect(await importFile({ ...cli, filePath: file })).toMatchObject({ importedCount: 2, conflictCount: 0 });
    const [passed, failed] = records(content);
    expect(passed.checkpoints.map((c) => [c.id, c.passed, c.in_reward_basis])).toContainEqual(['db', false, false]);
    const rows = async () =>
      prisma.trajectory.findMany({
        where: { externalId: { in: [passed.trajectory.id, failed.trajectory.id] } },
        orderBy: { externalId: 'asc' },
        select: {
          externalId: true,
          informationalOnly: true,
          checkpoints: { select: { passed: true, inRewardBasis: true }, orderBy: { id: 'asc' } },
        },
      });
    const imported = await rows();
    expect(imported.map((r) => r.informationalOnly)).toEqual([true, false]);

    // s1 as imported before the reward basis (the hash then had no standing), s2 as imported since (with it).
    await prisma.trajectory.update({
      where: { externalId: passed.trajectory.id },
      data: { contentHash: trajectoryHash(beforeRewardBasis(passed)) },
    });
    await prisma.trajectory.update({
      where: { externalId: failed.trajectory.id },
      data: { contentHash: trajectoryHashWithStanding(failed) },
    });
    const again = await importFile({ ...cli, filePath: file });
    expect(again).toMatchObject({ importedCount: 0, presentCount: 2, conflictCount: 0, failedCount: 0 });
    expect(await rows()).toEqual(imported);
  });

  it('still reports a conflict when what the run did differs', async () => {
    const content = tau2Content('8');
    const file = write('phone-changed.json', content);
    await importFile({ ...cli, filePath: file });
    content.simulations[1].messages[2].content = 'Now it works.';
    write('phone-changed.json', content);
    expect(await importFile({ ...cli, filePath: file })).toMatchObject({ presentCount: 1, conflictCount: 1 });
  });
});
