import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * A small self-written TheAgentCompany experiments folder (shaped like the
 * public submissions, data README §3), with every edge case the adapter
 * handles: partial credit, boolean results, a bonus final score above the
 * checkpoints' sum, a run that never started (0/0), a task without
 * checkpoints.md, and each kind of trajectory (gzipped OpenHands list with the
 * `-image` suffix, ARIA state, prose .md, none). Two agents ran `ds-sheets`.
 */
export const OPENHANDS_AGENT = '20250101_OpenHands-0.14.2-sonnet-20241022';
export const ARIA_AGENT = '20250102_ARIA-deepseek-v3.2';

const v0Events = (task: string) => [
  { id: 0, source: 'user', action: 'message', message: `Do ${task}`, args: { content: `Do ${task}` } },
  {
    id: 1,
    source: 'agent',
    action: 'run',
    message: 'Running ls',
    args: { command: 'ls /workspace', thought: 'Look first.' },
    tool_call_metadata: {
      function_name: 'execute_bash',
      tool_call_id: 'call_1',
      model_response: { model: 'claude-3-5-sonnet-20241022' },
    },
  },
  {
    id: 2,
    source: 'agent',
    observation: 'run',
    cause: 1,
    // Over the import's event limit: kept as head and tail, the cut shown on the trajectory page.
    content: `sheet1.xlsx\nsheet2.xlsx\n${'row\n'.repeat(40_000)}`,
    extras: { exit_code: 0 },
    tool_call_metadata: { function_name: 'execute_bash', tool_call_id: 'call_1' },
  },
  { id: 3, source: 'agent', action: 'think', args: { thought: 'Merge the two sheets.' } },
  {
    id: 4,
    source: 'agent',
    action: 'finish',
    message: 'Done.',
    args: { final_thought: 'Merged.' },
    tool_call_metadata: { function_name: 'finish', tool_call_id: 'call_2' },
  },
];

const ariaState = {
  monitor_state: {
    done_subtasks: [
      {
        name: 'Open the sheets',
        goal: 'Both sheets open',
        finish: true,
        trajectory: [
          { role: 'user', content: [{ type: 'text', text: 'SubTask1: Open the sheets' }] },
          {
            role: 'assistant',
            content: [
              {
                type: 'text',
                text: 'Thought: list files.\n<tool_call>\n<name>run_cmd</name>\n<arguments>\n{"command": "ls"}\n</arguments>\n</tool_call>',
              },
            ],
          },
          {
            role: 'user',
            content: [{ type: 'text', text: 'Observation:\n<tool_response>\nsheet1.xlsx\n</tool_response>\n' }],
          },
        ],
      },
    ],
    tool_call: { run_cmd: { calls: 1 } },
  },
};

/**
 * Relative path → content of the folder; `suffix` is appended to every task name (e2e runs share one
 * database, so each gets tasks of its own).
 */
export function tacFiles(suffix = ''): Record<string, string | Buffer> {
  return Object.fromEntries(
    Object.entries(baseFiles()).map(([rel, c]) => [
      suffix ? rel.replace(/(ds-sheets|finance-bonus|hr-never|admin-bools)/g, `$1${suffix}`) : rel,
      c,
    ]),
  );
}

function baseFiles(): Record<string, string | Buffer> {
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const oh = `${OPENHANDS_AGENT}`;
  return {
    'tasks/ds-sheets/task.md': 'Merge the two sheets on ownCloud into /workspace/merged.xlsx.',
    'tasks/ds-sheets/checkpoints.md':
      '# Checkpoints\n\nThis task has 2 checkpoints.\n\n## Checkpoint 1 (2pt)\n\nmerged.xlsx holds both sheets.\n\n## Checkpoint 2 (1pt)\n\nThe agent tells the manager on RocketChat.\n',
    'tasks/finance-bonus/task.md': 'File the reimbursement.',
    'tasks/finance-bonus/checkpoints.md':
      '# Checkpoints\n\n## Checkpoint 1 (1pt)\n\nThe form is found.\n\n## Checkpoint 2 (2pt)\n\nThe reimbursement is filed.\n',
    // ds-sheets: 1 of 2 points on checkpoint 1, checkpoint 2 passed as `true`.
    [`${oh}/results/eval_ds-sheets.json`]: json({
      checkpoints: [
        { total: 2, result: 1 },
        { total: 1, result: true },
      ],
      final_score: { total: 3, result: 2 },
    }),
    [`${oh}/trajectories/traj_ds-sheets.json.gz`]: gzipSync(json(v0Events('ds-sheets'))),
    // Bonus: the checkpoints sum to 1 of 3, the final score is 3 of 3 (full completion).
    [`${oh}/results/eval_finance-bonus.json`]: json({
      checkpoints: [
        { total: 1, result: 1 },
        { total: 2, result: 0 },
      ],
      final_score: { total: 3, result: 3 },
    }),
    [`${oh}/trajectories/traj_finance-bonus-image.json`]: json(v0Events('finance-bonus')),
    // Never started.
    [`${oh}/results/eval_hr-never.json`]: json({ checkpoints: [], final_score: { total: 0, result: 0 } }),
    // Booleans, no checkpoints.md, no trajectory: outcome only.
    [`${oh}/results/eval_admin-bools.json`]: json({
      checkpoints: [
        { total: 1, result: true },
        { total: 1, result: false },
      ],
      final_score: { total: 2, result: 1 },
    }),
    [`${ARIA_AGENT}/results/eval_ds-sheets.json`]: json({
      checkpoints: [
        { total: 2, result: 2 },
        { total: 1, result: 0 },
      ],
      final_score: { total: 3, result: 2 },
    }),
    [`${ARIA_AGENT}/states/state_ds-sheets.json`]: json(ariaState),
    [`${ARIA_AGENT}/trajectories/finance-bonus.md`]: '# Trajectory\n\nThe agent filed the form.',
    [`${ARIA_AGENT}/results/eval_finance-bonus.json`]: json({
      checkpoints: [
        { total: 1, result: 1 },
        { total: 2, result: 2 },
      ],
      final_score: { total: 3, result: 3 },
    }),
  };
}

export function writeTacFolder(root: string, files = tacFiles()): string {
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

/** The folder as a .zip, under a top folder as `zip -r` of the experiments folder writes it. */
export function tacZip(files = tacFiles(), top = 'experiments'): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([rel, c]) => [`${top}/${rel}`, typeof c === 'string' ? Buffer.from(c) : c]),
  );
  return Buffer.from(zipSync(entries));
}
