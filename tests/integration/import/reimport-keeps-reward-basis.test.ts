/**
 * A τ²-bench file imported before the console recorded each check's reward-basis standing (in_reward_basis,
 * derived by the adapter) is imported again: every run reads "already present", never a conflict, and what
 * the migration derived for the stored rows stays as it is. Runs imported since (whose identity included the
 * standing) are present too.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { importFile } from '@/lib/import/run-import';
import { validateRecord } from '@/lib/import/validate-record';
import { trajectoryHash, trajectoryHashWithStanding } from '@/lib/import/write-record';
import type { NativeRecord } from '@/lib/import/native-schema';

const cli = { by: { cli: true } as const, source: 'CLI' as const };
const dir = mkdtempSync(path.join(os.tmpdir(), 'reimport-basis-'));

/** A telecom-shaped file: reward basis ENV_ASSERTION only; run s1 scores 1.0 yet fails the db check, s2 fails. */
function tau2Content(taskId = '7') {
  const task = {
    id: taskId,
    user_scenario: { instructions: { domain: 'phone', reason_for_call: 'My mobile data does not work.' } },
    evaluation_criteria: {
      actions: [{ action_id: '7_0', name: 'toggle_data', arguments: {}, requestor: 'user' }],
      env_assertions: [{ env_type: 'user', func_name: 'assert_mobile_data_status', arguments: { expected: true } }],
      reward_basis: ['ENV_ASSERTION'],
    },
  };
  const sim = (id: string, trial: number, works: boolean) => ({
    id,
    task_id: taskId,
    trial,
    termination_reason: 'user_stop',
    messages: [
      { role: 'user', content: 'My mobile data does not work.' },
      { role: 'assistant', content: 'Please turn mobile data on in your settings.' },
      { role: 'user', content: works ? 'Done, it works now.' : 'It still does not work.' },
    ],
    reward_info: {
      reward: works ? 1 : 0,
      reward_basis: ['ENV_ASSERTION'],
      db_check: { db_match: false, db_reward: 0 },
      env_assertions: [
        { env_assertion: task.evaluation_criteria.env_assertions[0], met: works, reward: works ? 1 : 0 },
      ],
    },
  });
  return {
    timestamp: '2026-12-01T00:00:00',
    info: { agent_info: { implementation: 'llm_agent', llm: 'gpt-x' }, environment_info: { domain_name: 'phone' } },
    tasks: [task],
    simulations: [sim(`${taskId}-s1`, 0, true), sim(`${taskId}-s2`, 1, false)],
  };
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
    const file = path.join(dir, 'phone.json');
    writeFileSync(file, JSON.stringify(content));
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
    const file = path.join(dir, 'phone-changed.json');
    writeFileSync(file, JSON.stringify(content));
    await importFile({ ...cli, filePath: file });
    content.simulations[1].messages[2].content = 'Now it works.';
    writeFileSync(file, JSON.stringify(content));
    expect(await importFile({ ...cli, filePath: file })).toMatchObject({ presentCount: 1, conflictCount: 1 });
  });
});
