import { describe, expect, it } from 'vitest';
import { tau2SimulationToRecord } from '@/lib/import/adapters/tau2';
import { isInformationalOnly } from '@/lib/import/write-record';

/** A telecom-shaped task (self-written): one user action, the DB check, one env assertion; DB outside the basis. */
const task = {
  id: 'mobile_data_1',
  user_scenario: { instructions: { reason_for_call: 'My mobile data does not work.' } },
  evaluation_criteria: {
    actions: [{ action_id: 'toggle_airplane_mode_0', requestor: 'user', name: 'toggle_airplane_mode', arguments: {} }],
    env_assertions: [{ env_type: 'user', func_name: 'assert_mobile_data_status', arguments: { expected: true } }],
    reward_basis: ['ENV_ASSERTION'],
  },
};
const info = { agent_info: { llm: 'model-x' }, environment_info: { domain_name: 'telecom' } };

function sim(reward: number, basis: string[] | undefined) {
  return {
    id: `sim-${reward}`,
    task_id: 'mobile_data_1',
    messages: [{ role: 'user', content: 'My mobile data does not work.' }],
    reward_info: {
      reward,
      db_check: { db_match: false, db_reward: 0 },
      env_assertions: [{ met: reward === 1, reward }],
      action_checks: [{ action: { action_id: 'toggle_airplane_mode_0' }, action_match: false, action_reward: 0 }],
      ...(basis ? { reward_basis: basis } : {}),
    },
  };
}

describe('τ²-bench reward basis per checkpoint result', () => {
  it("marks the checks outside the run's basis informational and the ones inside it as deciding", () => {
    const r = tau2SimulationToRecord(info, task, sim(1, ['ENV_ASSERTION']));
    expect(r.checkpoints!.map((c) => [c.id, c.passed, c.in_reward_basis])).toEqual([
      ['toggle_airplane_mode_0', false, false],
      ['db', false, false],
      ['env_0', true, true],
    ]);
    // Passed (reward 1.0) and every failed check is outside the basis: not queued by default.
    expect(
      isInformationalOnly(
        r.trajectory.outcome.passed,
        r.checkpoints!.filter((c) => !c.passed),
      ),
    ).toBe(true);

    const failed = tau2SimulationToRecord(info, task, sim(0, ['ENV_ASSERTION']));
    expect(failed.checkpoints!.find((c) => c.id === 'env_0')).toMatchObject({ passed: false, in_reward_basis: true });
    expect(
      isInformationalOnly(
        failed.trajectory.outcome.passed,
        failed.checkpoints!.filter((c) => !c.passed),
      ),
    ).toBe(false);
  });

  it("falls back to the task's basis, and says nothing when neither names one", () => {
    const fromTask = tau2SimulationToRecord(info, task, sim(1, undefined));
    expect(fromTask.checkpoints!.find((c) => c.id === 'db')?.in_reward_basis).toBe(false);
    const none = tau2SimulationToRecord(
      info,
      { ...task, evaluation_criteria: { ...task.evaluation_criteria, reward_basis: undefined } },
      sim(1, undefined),
    );
    expect(none.checkpoints!.map((c) => c.in_reward_basis)).toEqual([undefined, undefined, undefined]);
    expect(
      isInformationalOnly(
        true,
        none.checkpoints!.filter((c) => !c.passed),
      ),
    ).toBe(false);
  });
});
