/**
 * An ATIF run folder (trajectory.json with metrics.json and verifier/ beside it, as Terminal-Bench and
 * Harbor write runs) imports as one run, the verifier's result as its checkpoint when there is one.
 * Own fixtures, shaped like ../shared/data/atif.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { IMPORT_EXIT } from '../../../scripts/lib/import-cli';
import { runScript } from '../../helpers/run-script';
import { cli } from '../../helpers/import-files';

const trajectory = (session: string, success: boolean) => ({
  schema_version: 'ATIF-v1.4',
  session_id: session,
  agent: { name: 'wren', version: '0.3', model_name: 'wren-mini' },
  steps: [
    { step_id: 1, source: 'user', message: 'Tidy the logs in /app/logs.' },
    {
      step_id: 2,
      source: 'agent',
      message: 'Listing them.',
      tool_calls: [{ tool_call_id: 'c1', function_name: 'bash', arguments: { command: 'ls /app/logs' } }],
      observation: { results: [{ source_call_id: 'c1', content: 'a.log\nb.log' }] },
    },
  ],
  extra: { task_id: 'tidy-logs', benchmark: 'terminal-bench-lite', success },
});

const metrics = { instruction: 'Tidy the logs in /app/logs.', success: true, turns: 2, cost: 0.01 };

const PYTEST =
  '============================= test session starts ==============================\n' +
  'collected 3 items\n\ntests/test_outputs.py ..F\n\n' +
  'FAILED tests/test_outputs.py::test_rotated - AssertionError\n' +
  '========================= 1 failed, 2 passed in 0.41s ==========================\n';

const DOCKER_ERROR =
  'docker: Error response from daemon: create verifier: includes invalid characters for a local volume name\n';

/** Files of one run folder under `dir` ('' = the root). */
function runFiles(dir: string, session: string, verifier: Record<string, string>): Record<string, string> {
  const at = (rel: string) => (dir ? `${dir}/${rel}` : rel);
  return {
    [at('trajectory.json')]: JSON.stringify(trajectory(session, true), null, 2),
    [at('metrics.json')]: JSON.stringify(metrics),
    [at('events.jsonl')]: '{"not": "read"}\n',
    ...Object.fromEntries(Object.entries(verifier).map(([k, v]) => [at(k), v])),
  };
}

function writeFolder(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atif-run-'));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}

const run = (session: string) =>
  prisma.trajectory.findUniqueOrThrow({
    where: { externalId: `atif:${session}` },
    include: { checkpoints: { include: { checkpoint: true } }, task: { include: { checkpoints: true } } },
  });

const runImport = (args: string[]) => runScript('scripts/import.ts', args);

describe('ATIF run folders', () => {
  it("imports a run folder as one run: the verifier's test summary is its checkpoint and outcome, metrics kept", async () => {
    const dir = writeFolder(runFiles('', 'folder-1', { 'verifier/output.txt': PYTEST }));
    const report = await importFile({ ...cli, filePath: dir });
    expect(report).toMatchObject({ format: 'atif', status: 'SUCCEEDED', recordsTotal: 1, importedCount: 1 });
    expect(report.errors.map((e) => [e.kind, e.path, e.reason])).toEqual([
      [
        'WARNING',
        'trajectory.json: verifier/output.txt',
        "the run reported success but the verifier failed it: the verifier's result is the outcome",
      ],
    ]);

    const t = await run('folder-1');
    expect(t).toMatchObject({ passed: false, feedbackKind: 'CHECKPOINT_BINARY', outcomeReason: expect.any(String) });
    expect(t.score).toBeCloseTo(2 / 3);
    expect(t.outcomeReason).toBe('verifier: 1 failed, 2 passed (verifier/output.txt)');
    expect(t.task.checkpoints.map((c) => [c.key, c.name])).toEqual([['verifier', 'Verifier tests']]);
    expect(t.checkpoints.map((c) => [c.checkpoint.key, c.passed, c.score, c.total])).toEqual([
      ['verifier', false, 2, 3],
    ]);
    expect(t.metadata).toMatchObject({ metrics: { turns: 2, cost: 0.01 }, verifier_file: 'verifier/output.txt' });

    const again = await importFile({ ...cli, filePath: dir });
    expect(again).toMatchObject({ status: 'SUCCEEDED', importedCount: 0, presentCount: 1 });
  });

  it('imports a zipped folder of runs: a reward file, and a verifier that never ran (self-report kept, said so)', async () => {
    const files = {
      ...runFiles('tidy-logs/run-a', 'zip-a', { 'verifier/reward.txt': '1\n' }),
      ...runFiles('tidy-logs/run-b', 'zip-b', { 'verifier/output.txt': DOCKER_ERROR }),
      ...runFiles('tidy-logs/run-c', 'zip-c', {}),
    };
    const zip = Buffer.from(
      zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [`results/${k}`, Buffer.from(v)]))),
    );
    const zipPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'atif-zip-')), 'runs.zip');
    writeFileSync(zipPath, zip);
    const report = await importFile({ ...cli, source: 'UPLOAD', filePath: zipPath });
    expect(report).toMatchObject({ format: 'atif', status: 'SUCCEEDED', recordsTotal: 3, importedCount: 3 });
    expect(report.errors.map((e) => [e.path, e.reason])).toEqual([
      [
        'results/tidy-logs/run-b/trajectory.json: verifier/output.txt',
        'verifier/output.txt holds no test result (it starts "docker: Error response from daemon: create verifier: includes invalid characters for a local volume name"): the verifier did not run, so the outcome is the run\'s own report, not checked',
      ],
      [
        'results/tidy-logs/run-c/trajectory.json: verifier',
        "no verifier output beside trajectory.json: the outcome is the run's own report, not checked",
      ],
    ]);

    const a = await run('zip-a');
    expect(a).toMatchObject({ passed: true, score: 1, feedbackKind: 'CHECKPOINT_BINARY' });
    expect(a.checkpoints.map((c) => [c.checkpoint.key, c.passed, c.score, c.total])).toEqual([
      ['verifier', true, 1, 1],
    ]);
    const b = await run('zip-b');
    expect(b).toMatchObject({ passed: true, feedbackKind: 'SELF_JUDGE', checkpoints: [] });
    expect(b.metadata).toMatchObject({ verifier_output: DOCKER_ERROR });
    // Every run of the task read from a folder shares one definition (the verifier checkpoint), result or not.
    expect(new Set([a.taskId, b.taskId, (await run('zip-c')).taskId]).size).toBe(1);
  });

  it(
    'the import command takes a run folder as one input and does not read metrics.json as a file of its own',
    { timeout: 120_000 },
    async () => {
      const root = writeFolder(runFiles('regex-log/session-1', 'cli-1', { 'verifier/output.txt': PYTEST }));
      const out = await runImport([root]);
      expect(out.stderr).not.toMatch(/\n\s+at /);
      expect(out.stdout).toMatch(/✔ .*session-1 \[atif\] succeeded .*: 1 records · 1 imported/);
      expect(out.stdout).not.toMatch(/metrics\.json/);
      expect(out.code).toBe(IMPORT_EXIT.OK);
    },
  );
});
