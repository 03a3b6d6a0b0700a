import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { POST as importRoute } from '@/app/api/imports/route';
import { importFile } from '@/lib/import/run-import';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor } from '../../helpers/factories';
import { importedTrajectory } from '../../helpers/import-results';
import { runScript } from '../../helpers/run-script';
import { cli, importFixture } from '../../helpers/import-files';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'inspect-'));

const evalSpec = {
  task: 'toaster_fix',
  task_id: 'ToastTask',
  run_id: 'ToastRun',
  model: 'kestrel/kestrel-small',
  scorers: [{ name: 'toasted', metadata: {} }],
};
const sample = (id: string, epoch: number, value: unknown) => ({
  id,
  epoch,
  input: 'Toast two slices.',
  messages: [
    { role: 'user', content: 'Toast two slices.' },
    { role: 'assistant', content: '', tool_calls: [{ id: 't1', function: 'toast', arguments: { slices: 2 } }] },
    { role: 'tool', tool_call_id: 't1', function: 'toast', content: 'two slices toasted' },
    { role: 'assistant', content: 'Done.' },
  ],
  scores: { toasted: { value, answer: 'done', explanation: 'both slices brown' } },
});

/** An Inspect `.eval`: a zip of the journal's start, the samples and (when the run finished) the header. */
function evalZip(entries: Record<string, unknown>): Buffer {
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(entries).map(([name, v]) => [name, strToU8(JSON.stringify(v))]))),
  );
}

const runImportCli = (args: string[]) => runScript('scripts/import.ts', args);

afterEach(() => {
  delete process.env.IMPORT_ARCHIVE_MAX_MB;
  delete process.env.IMPORT_ARCHIVE_MAX_ENTRIES;
});

describe('Inspect AI logs', () => {
  it('imports what a cancelled .json log holds, scorers as checkpoints, epochs as trials, and says it was cancelled', async () => {
    const report = await importFixture('inspect-cancelled.json');
    expect(report).toMatchObject({
      format: 'inspect',
      status: 'PARTIAL',
      recordsTotal: 3,
      importedCount: 2,
      failedCount: 1,
    });
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'WARNING',
          path: 'status',
          reason: expect.stringContaining('status is "cancelled" (KeyboardInterrupt)'),
        }),
        expect.objectContaining({ kind: 'INVALID', recordIndex: 2, path: 'samples[2].messages' }),
        expect.objectContaining({
          kind: 'WARNING',
          path: 'samples[1].error',
          reason: expect.stringContaining('the sandbox went away'),
        }),
      ]),
    );

    const first = await importedTrajectory('inspect:KtlRun01:k1:1');
    expect(first.t).toMatchObject({ model: 'kestrel/kestrel-small', agent: 'use_tools → generate', trial: 1 });
    expect(first.t.outcomeReason).toContain('cancelled');
    expect(first.t.task).toMatchObject({
      benchmark: 'inspect',
      externalId: 'kettle_fix/k1',
      instruction: 'Descale the kettle, then boil water.',
    });
    expect(first.shape).toEqual([
      'ENVIRONMENT:NOTIFICATION:',
      'USER:MESSAGE:',
      'AGENT:MESSAGE:',
      'AGENT:TOOL_CALL:inspect.descale',
      'ENVIRONMENT:OBSERVATION:inspect.descale',
      'AGENT:TOOL_CALL:inspect.boil',
      'ENVIRONMENT:OBSERVATION:inspect.boil!',
      'AGENT:MESSAGE:',
    ]);
    // The attachment is resolved, the tool error's message kept as the observation.
    expect(first.t.events[4].content).toBe('descaled: 3 g of scale removed');
    expect(first.t.events[6].content).toBe('boil timed out after 60s');
    expect(first.t.events[5].arguments).toEqual({ litres: 1 });
    expect(first.results).toEqual({
      fixed: {
        passed: false,
        score: 0.5,
        total: 1,
        at: null,
        note: 'Partial credit (P).\nAnswer: descaled only\nExplanation: Boiling never finished.',
      },
      care: { passed: false, score: 7, total: 10, at: null, note: 'Explanation: Used a mild acid.' },
      checks: {
        passed: false,
        score: 0.5,
        total: 1,
        at: null,
        note: 'safe: true, tidy: "I"\nExplanation: Two sub-checks.',
      },
    });

    // The errored epoch: the same task (same checkpoints), imported unscored with the error as its last event.
    const second = await importedTrajectory('inspect:KtlRun01:k1:2');
    expect(second.t).toMatchObject({ trial: 2, passed: false, outcomeReason: expect.stringContaining('sandbox') });
    expect(second.t.taskId).toBe(first.t.taskId);
    expect(second.shape.at(-1)).toBe('ENVIRONMENT:NOTIFICATION:!');
    expect(second.results).toEqual({});

    const again = await importFixture('inspect-cancelled.json');
    expect(again).toMatchObject({ importedCount: 0, presentCount: 2 });
  });

  it('reads an .eval zip, told by its content, and one whose run never wrote its header', async () => {
    const dir = tmp();
    const finished = path.join(dir, 'toast.bin');
    writeFileSync(
      finished,
      evalZip({
        '_journal/start.json': { version: 2, eval: evalSpec },
        'samples/s1_epoch_1.json': sample('s1', 1, 'C'),
        'samples/s1_epoch_2.json': sample('s1', 2, 'I'),
        'header.json': { version: 2, status: 'success', eval: evalSpec, results: {} },
      }),
    );
    const report = await importFile({ ...cli, filePath: finished });
    expect(report).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 2, warningCount: 0 });
    const one = await importedTrajectory('inspect:ToastRun:s1:1');
    expect(one.shape).toEqual([
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:inspect.toast',
      'ENVIRONMENT:OBSERVATION:inspect.toast',
      'AGENT:MESSAGE:',
    ]);
    expect(one.results.toasted).toMatchObject({ passed: true, note: 'Answer: done\nExplanation: both slices brown' });
    expect((await importedTrajectory('inspect:ToastRun:s1:2')).results.toasted).toMatchObject({ passed: false });

    const unfinished = path.join(dir, 'unfinished.eval');
    writeFileSync(
      unfinished,
      evalZip({
        '_journal/start.json': { version: 2, eval: { ...evalSpec, run_id: 'ToastRun2' } },
        'samples/s2_epoch_1.json': sample('s2', 1, true),
      }),
    );
    const partial = await importFile({ ...cli, filePath: unfinished });
    expect(partial).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 1 });
    expect(partial.errors).toEqual([
      expect.objectContaining({
        kind: 'WARNING',
        path: 'header.json',
        reason: expect.stringContaining('did not finish'),
      }),
    ]);
  });

  it('refuses an .eval that inflates past the size limit, one with too many entries, and a corrupt one, with the reason', async () => {
    const dir = tmp();
    process.env.IMPORT_ARCHIVE_MAX_MB = '1';
    const bomb = path.join(dir, 'bomb.eval');
    writeFileSync(
      bomb,
      Buffer.from(
        zipSync({
          '_journal/start.json': strToU8(JSON.stringify({ eval: evalSpec })),
          'samples/big_epoch_1.json': new Uint8Array(3 * 1024 * 1024).fill(32),
        }),
      ),
    );
    expect(readFileSync(bomb).length).toBeLessThan(64 * 1024);
    const big = await importFile({ ...cli, filePath: bomb });
    expect(big).toMatchObject({ format: 'inspect', status: 'FAILED', importedCount: 0 });
    expect(big.error).toMatch(
      /bomb\.eval unpacks to more than 1\.0 MB \(.*reached in entry samples\/big_epoch_1\.json\)/,
    );

    process.env.IMPORT_ARCHIVE_MAX_ENTRIES = '3';
    const many = path.join(dir, 'many.eval');
    const entries: Record<string, unknown> = { '_journal/start.json': { eval: evalSpec } };
    for (let i = 0; i < 5; i++) entries[`samples/s${i}_epoch_1.json`] = sample(`s${i}`, 1, 'C');
    writeFileSync(many, evalZip(entries));
    const tooMany = await importFile({ ...cli, filePath: many });
    expect(tooMany).toMatchObject({ status: 'FAILED', importedCount: 0 });
    expect(tooMany.error).toContain('more than 3 entries');

    const corrupt = path.join(dir, 'corrupt.eval');
    const whole = evalZip({
      '_journal/start.json': { eval: evalSpec },
      'samples/s1_epoch_1.json': sample('s1', 1, 'C'),
    });
    writeFileSync(corrupt, Buffer.concat([whole.subarray(0, 60), Buffer.alloc(200, 7)]));
    const broken = await importFile({ ...cli, filePath: corrupt });
    expect(broken).toMatchObject({ format: 'inspect', status: 'FAILED', importedCount: 0 });
    expect(broken.error).toMatch(/Cannot read this Inspect \.eval log|not an Inspect \.eval log/);
  });

  it('imports an .eval sent to the API with ?format=inspect, and names the formats for a zip it cannot place', async () => {
    const researcher = await createActor('RESEARCHER');
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'inspect-import',
      role: 'RESEARCHER',
      userId: researcher.userId,
    });
    const body = evalZip({
      '_journal/start.json': { eval: { ...evalSpec, run_id: 'ApiRun' } },
      'samples/s9_epoch_1.json': sample('s9', 1, 'C'),
      'header.json': { status: 'success', eval: { ...evalSpec, run_id: 'ApiRun' } },
    });
    const res = await callRoute(importRoute, '/api/imports?fileName=run.eval&format=inspect', {
      token,
      body: new Uint8Array(body),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(res.status).toBe(200);
    const { reports } = await res.json();
    expect(reports[0]).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 1 });

    const other = Buffer.from(zipSync({ 'notes.txt': strToU8('hello') }));
    const unknown = await callRoute(importRoute, '/api/imports?fileName=notes.zip', {
      token,
      body: new Uint8Array(other),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const [failed] = (await unknown.json()).reports;
    expect(failed).toMatchObject({ format: null, status: 'FAILED' });
    expect(failed.error).toContain('it is a zip archive, but not an Inspect .eval log');
    expect(failed.error).toContain('inspect = Inspect AI log (.json or .eval)');
    expect(failed.error).toContain(
      'with --format on the command line, the Format menu of the Imports page, or ?format=',
    );
  });

  it('imports a folder holding an .eval through the command line', async () => {
    const dir = tmp();
    writeFileSync(
      path.join(dir, 'cli-run.eval'),
      evalZip({
        '_journal/start.json': { eval: { ...evalSpec, run_id: 'CliRun' } },
        'samples/s1_epoch_1.json': sample('s1', 1, 'C'),
        'header.json': { status: 'success', eval: { ...evalSpec, run_id: 'CliRun' } },
      }),
    );
    const run = await runImportCli([dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cli-run.eval');
    expect((await importedTrajectory('inspect:CliRun:s1:1')).results.toasted).toMatchObject({ passed: true });
  });
});
