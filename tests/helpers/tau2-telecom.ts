/** One simulation of a telecom-shaped τ²-bench file: whether the user's data works, and whether the db check matched. */
export type TelecomRun = { id: string; trial: number; works: boolean; dbMatch: boolean };

/**
 * A τ²-bench results file shaped like telecom's: one mobile-data task whose reward basis is ENV_ASSERTION only,
 * so a run can score 1.0 and still fail its db check (outside the basis). `actions` are the task's expected
 * actions, when the test wants some.
 */
export function telecomResults(opts: {
  taskId: string;
  domain: string;
  llm: string;
  runs: TelecomRun[];
  actions?: unknown[];
}) {
  const assertion = { env_type: 'user', func_name: 'assert_mobile_data_status', arguments: { expected: true } };
  const task = {
    id: opts.taskId,
    user_scenario: { instructions: { domain: opts.domain, reason_for_call: 'My mobile data does not work.' } },
    evaluation_criteria: {
      ...(opts.actions ? { actions: opts.actions } : {}),
      env_assertions: [assertion],
      reward_basis: ['ENV_ASSERTION'],
    },
  };
  const sim = ({ id, trial, works, dbMatch }: TelecomRun) => ({
    id,
    task_id: task.id,
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
      db_check: { db_match: dbMatch, db_reward: dbMatch ? 1 : 0 },
      env_assertions: [{ env_assertion: assertion, met: works, reward: works ? 1 : 0 }],
    },
  });
  return {
    timestamp: '2026-12-01T00:00:00',
    info: {
      agent_info: { implementation: 'llm_agent', llm: opts.llm },
      environment_info: { domain_name: opts.domain },
    },
    tasks: [task],
    simulations: opts.runs.map(sim),
  };
}
