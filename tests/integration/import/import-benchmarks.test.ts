import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { REAL_DATA_DIR, skipWithoutRealData } from '../../../scripts/lib/real-data';
import { cli, IMPORT_FIXTURES, importFixture, readFixture } from '../../helpers/import-files';

const SHARED = REAL_DATA_DIR;

async function resultsOf(externalId: string) {
  const t = await prisma.trajectory.findUniqueOrThrow({
    where: { externalId },
    include: {
      checkpoints: { include: { checkpoint: true }, orderBy: { checkpoint: { position: 'asc' } } },
      events: { orderBy: { position: 'asc' } },
    },
  });
  return {
    t,
    results: Object.fromEntries(
      t.checkpoints.map((c) => [c.checkpoint.key, { passed: c.passed, at: c.eventIndex, note: c.note }]),
    ),
  };
}

describe('τ²-bench adapter', () => {
  it('maps simulations to trajectories with ordered checkpoints, anchors and the reward as outcome, and flags foreign action ids', async () => {
    const report = await importFixture('tau2-bakery.json');
    expect(report).toMatchObject({
      format: 'tau2',
      status: 'SUCCEEDED',
      recordsTotal: 4,
      importedCount: 4,
      failedCount: 0,
      warningCount: 1,
    });
    expect(report.errors).toEqual([
      expect.objectContaining({
        kind: 'WARNING',
        recordIndex: 2,
        path: 'simulations[2].reward_info.action_checks[0].action.action_id',
        reason: expect.stringContaining('action id "1_0" is not one of task 2\'s expected actions'),
      }),
    ]);

    const task = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: 'tau2-bench', externalId: 'bakery/1' } },
      include: { checkpoints: { orderBy: { position: 'asc' } } },
    });
    expect(task).toMatchObject({ ability: 'bakery', apps: ['bakery'] });
    expect(task.instruction).toBe(
      'Reason for call: You want to cancel order O1.\n\nKnown info: Your name is Mo.\n\nTask instructions: Say you changed your mind if asked why.',
    );
    expect(task.checkpoints.map((c) => [c.key, c.kind, c.name])).toEqual([
      ['1_0', 'action', 'bakery.get_order'],
      ['1_1', 'action', 'bakery.cancel_order'],
      ['db', 'db', 'Final database state matches the expected one'],
      ['nl_0', 'nl_assertion', 'Agent confirms the cancellation.'],
      ['communicate_0', 'communicate', 'Communicate "12" to the user'],
    ]);

    const a = await resultsOf('tau2-bench:bakery:sim-a');
    expect(a.t).toMatchObject({
      model: 'kestrel-small',
      agent: 'tiny_agent',
      trial: 0,
      passed: true,
      score: 1,
      outcomeReason: 'user_stop',
    });
    expect(a.t.events.map((e) => `${e.source}:${e.type}:${e.tool ?? ''}`)).toEqual([
      'AGENT:MESSAGE:',
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:bakery.get_order',
      'ENVIRONMENT:OBSERVATION:bakery.get_order',
      'AGENT:TOOL_CALL:bakery.cancel_order',
      'ENVIRONMENT:OBSERVATION:bakery.cancel_order',
      'AGENT:MESSAGE:',
      'USER:MESSAGE:',
    ]);
    // cancel_order compares only order_id, so the call with another reason still anchors it.
    expect(a.results).toMatchObject({
      '1_0': { passed: true, at: 2 },
      '1_1': { passed: true, at: 4 },
      db: { passed: true },
      nl_0: { passed: true, note: "The agent said 'Cancelled'." },
      communicate_0: { passed: true },
    });

    const b = await resultsOf('tau2-bench:bakery:sim-b');
    expect(b.t).toMatchObject({ passed: false, trial: 1, failedCount: 3 });
    expect(b.t.events[3]).toMatchObject({
      type: 'OBSERVATION',
      error: true,
      callId: 'u1',
      content: 'Error: service unavailable',
    });
    expect(Object.keys(b.results)).toEqual(['1_0', '1_1', 'db', 'communicate_0']);
    expect(b.results['1_1']).toMatchObject({ passed: false, at: null });

    // The reward stays the outcome even where every checkpoint-level action matched.
    const d = await resultsOf('tau2-bench:bakery:sim-d');
    expect(d.t).toMatchObject({ passed: false, score: 0, outcomeReason: 'agent_stop' });
    expect(d.results['2_0']).toMatchObject({ passed: true, at: 1 });
  });
});

describe('τ-bench (v1) adapter', () => {
  it('takes model and domain from the file name and derives action checkpoints; r_actions and outputs become results', async () => {
    const report = await importFixture('wren-mini-retail.json');
    expect(report).toMatchObject({ format: 'tau1', status: 'SUCCEEDED', recordsTotal: 3, importedCount: 3 });

    const ok = await resultsOf('tau-bench:retail:wren-mini:3:0');
    expect(ok.t).toMatchObject({ model: 'wren-mini', passed: true, trial: 0 });
    expect(ok.t.events[0]).toMatchObject({ source: 'ENVIRONMENT', type: 'NOTIFICATION' });
    expect(ok.t.events[4]).toMatchObject({
      type: 'TOOL_CALL',
      tool: 'retail.exchange_items',
      arguments: { order_id: '#W1', item_ids: ['L1'], new_item_ids: ['L2'] },
    });
    expect(ok.results).toMatchObject({ '3_0': { passed: true, at: 4 }, db: { passed: true } });

    const noReward = await resultsOf('tau-bench:retail:wren-mini:3:1');
    expect(noReward.t).toMatchObject({ passed: false, outcomeReason: 'no reward_info in the source record' });
    expect(Object.keys(noReward.results)).toEqual(['3_0']);

    const outputs = await resultsOf('tau-bench:retail:wren-mini:4:0');
    expect(outputs.results).toEqual({ output_0: { passed: false, at: null, note: null } });
    const task3 = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: 'tau-bench', externalId: 'retail/3' } },
      include: { _count: { select: { trajectories: true } } },
    });
    expect(task3._count.trajectories).toBe(2);
  });

  it('asks once, for the whole import, for the model when neither the options nor the file name name it', async () => {
    const { copyFileSync, mkdtempSync } = await import('node:fs');
    const os = await import('node:os');
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tau1-')), 'results.json');
    copyFileSync(path.join(IMPORT_FIXTURES, 'wren-mini-retail.json'), file);
    const report = await importFile({ ...cli, filePath: file, format: 'tau1', domain: 'retail' });
    // The import's own message, not the same error once per record.
    expect(report).toMatchObject({ status: 'FAILED', importedCount: 0, errorCount: 0 });
    expect(report.errors).toEqual([]);
    expect(report.error).toContain('do not name the model');
    expect(report.error).toContain('--model');
    // The upload form has no flags: the message also names the form field.
    expect(report.error).toContain('the Model field of the upload form');
    const named = await importFile({ ...cli, filePath: file, format: 'tau1', domain: 'retail', model: 'wren-mini-2' });
    expect(named).toMatchObject({ status: 'SUCCEEDED', importedCount: 3 });
  });
});

/** r_outputs is 1 only when every expected output was given: compare it with all output checkpoints together. */
function outputsPassed(results: Record<string, { passed: boolean }>): boolean | null {
  const outs = Object.entries(results).filter(([k]) => k.startsWith('output_'));
  return outs.length ? outs.every(([, r]) => r.passed) : null;
}

function csv(file: string): Record<string, string>[] {
  const [head, ...rows] = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const cols = head.split(',');
  return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i], v])));
}

describe.skipIf(skipWithoutRealData('tau2-bench/outcomes.csv', 'import of the shared samples vs outcomes.csv'))(
  'shared benchmark samples (../shared/data)',
  () => {
    it('imports every τ²-bench airline run and τ-bench file, grouping runs per task and matching outcomes.csv', async () => {
      const dir = path.join(SHARED, 'tau2-bench/airline');
      for (const f of readdirSync(dir).sort()) {
        const r = await importFile({ ...cli, filePath: path.join(dir, f) });
        expect({ f, status: r.status, failed: r.failedCount }).toEqual({ f, status: 'SUCCEEDED', failed: 0 });
      }
      const tasks = await prisma.task.findMany({
        where: { benchmark: 'tau2-bench', ability: 'airline' },
        include: { trajectories: true },
      });
      expect(tasks).toHaveLength(10);
      const t16 = tasks.find((t) => t.externalId === 'airline/16')!;
      expect(t16.trajectories).toHaveLength(8);
      expect(new Set(t16.trajectories.map((t) => `${t.model} ${t.agent}`)).size).toBe(8);

      const rows = csv(path.join(SHARED, 'tau2-bench/outcomes.csv'));
      expect(rows.length).toBe(78);
      for (const row of rows) {
        const { t, results } = await resultsOf(`tau2-bench:airline:${row.simulation_id}`);
        const actions = t.checkpoints.filter((c) => c.checkpoint.kind === 'action');
        const nl = t.checkpoints.filter((c) => c.checkpoint.kind === 'nl_assertion');
        expect({
          sim: row.simulation_id,
          task: t.taskId === tasks.find((x) => x.externalId === `airline/${row.task_id}`)!.id,
          model: t.model,
          reward: t.score,
          db: results.db?.passed,
          matched: actions.filter((c) => c.passed).length,
          expected: actions.length,
          nlMet: nl.filter((c) => c.passed).length,
          nlTotal: nl.length,
        }).toEqual({
          sim: row.simulation_id,
          task: true,
          model: row.agent_llm,
          reward: Number(row.reward),
          db: row.db_match === 'True',
          matched: Number(row.actions_matched),
          expected: Number(row.actions_expected),
          nlMet: Number(row.nl_met),
          nlTotal: Number(row.nl_total),
        });
      }

      const again = await importFile({ ...cli, filePath: path.join(dir, readdirSync(dir).sort()[0]) });
      expect(again).toMatchObject({ importedCount: 0, presentCount: again.recordsTotal, conflictCount: 0 });

      const tauDir = path.join(SHARED, 'tau-bench');
      for (const f of readdirSync(tauDir).filter((n) => n.endsWith('.json'))) {
        const r = await importFile({ ...cli, filePath: path.join(tauDir, f) });
        expect(r).toMatchObject({ status: 'SUCCEEDED', failedCount: 0 });
      }
      for (const row of csv(path.join(tauDir, 'outcomes.csv'))) {
        const { t, results } = await resultsOf(`tau-bench:airline:gpt-4o:${row.task_id}:${row.trial}`).catch((e) => {
          throw new Error(`${JSON.stringify(row)} ${e}`);
        });
        expect({
          id: `${row.task_id}/${row.trial}`,
          reward: t.score,
          db: results.db?.passed ?? null,
          out: outputsPassed(results),
        }).toEqual({
          id: `${row.task_id}/${row.trial}`,
          reward: Number(row.reward),
          db: row.r_actions === '' ? null : Number(row.r_actions) >= 1,
          out: row.r_outputs === '' ? null : Number(row.r_outputs) >= 1,
        });
      }
    }, 120_000);
  },
);

describe('records without their identity', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-identity-'));

  it('reports a τ-bench record without task_id or trial at that field instead of importing it under an "undefined" id', async () => {
    const records = JSON.parse(readFixture('wren-mini-retail.json'));
    delete records[0].task_id;
    delete records[2].trial;
    const file = path.join(tmp, 'wren-mini-retail.json');
    writeFileSync(file, JSON.stringify(records));

    const report = await importFile({ ...cli, filePath: file, model: 'wren-identity' });
    expect(report).toMatchObject({ status: 'PARTIAL', recordsTotal: 3, importedCount: 1, failedCount: 2 });
    expect(report.errors.map((e) => [e.recordIndex, e.path])).toEqual([
      [0, '[0].task_id'],
      [2, '[2].trial'],
    ]);
    expect(await prisma.trajectory.count({ where: { externalId: { contains: 'undefined' } } })).toBe(0);
  });

  it('reports a τ²-bench simulation without an id at that field instead of importing it under an "undefined" id', async () => {
    const doc = JSON.parse(readFixture('tau2-bakery.json'));
    delete doc.simulations[1].id;
    doc.info.environment_info.domain_name = 'bakery-identity';
    const file = path.join(tmp, 'bakery-no-id.json');
    writeFileSync(file, JSON.stringify(doc));

    const report = await importFile({ ...cli, filePath: file });
    expect(report.errors.map((e) => [e.kind, e.recordIndex, e.path])).toEqual([
      ['INVALID', 1, 'simulations[1].id'],
      ['WARNING', 2, 'simulations[2].reward_info.action_checks[0].action.action_id'],
    ]);
    expect(report).toMatchObject({ importedCount: 3, failedCount: 1 });
    expect(await prisma.trajectory.count({ where: { externalId: { contains: 'undefined' } } })).toBe(0);
  });
});

describe('τ²-bench judged texts', () => {
  it('keeps a simulation whose task repeats an NL assertion or communicate text, with one result per checkpoint in order', async () => {
    const doc = JSON.parse(readFixture('tau2-bakery.json'));
    doc.info.environment_info.domain_name = 'bakery-repeat';
    const ec = doc.tasks.find((t: { id: string }) => t.id === '1').evaluation_criteria;
    ec.nl_assertions = ['Agent confirms the cancellation.', 'Agent confirms the cancellation.'];
    ec.communicate_info = ['12', '12'];
    const sim = doc.simulations.find((s: { id: string }) => s.id === 'sim-a');
    sim.reward_info.nl_assertions = [
      { nl_assertion: 'Agent confirms the cancellation.', met: true, justification: 'first' },
      { nl_assertion: 'Agent confirms the cancellation.', met: false, justification: 'second' },
    ];
    sim.reward_info.communicate_checks = [
      { info: '12', met: true, justification: 'a' },
      { info: '12', met: false, justification: 'b' },
    ];
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'import-repeat-')), 'bakery-repeat.json');
    writeFileSync(file, JSON.stringify(doc));

    const report = await importFile({ ...cli, filePath: file });
    expect(report.errors.filter((e) => e.recordIndex !== 2)).toEqual([]);
    const a = await resultsOf('tau2-bench:bakery-repeat:sim-a');
    expect(a.results).toMatchObject({
      nl_0: { passed: true, note: 'first' },
      nl_1: { passed: false, note: 'second' },
      communicate_0: { passed: true, note: 'a' },
      communicate_1: { passed: false, note: 'b' },
    });
  });
});

describe('a format named wrongly', () => {
  it('a τ²-bench file imported as τ-bench fails with a message saying what a τ-bench file is, not a silent success with no records', async () => {
    const report = await importFixture('tau2-bakery.json', { format: 'tau1' });
    expect(report).toMatchObject({ status: 'FAILED', importedCount: 0 });
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0].reason).toMatch(/no τ-bench records found: a τ-bench \(v1\) file is a JSON list/);
  });
});
