/**
 * τ²-bench as real files come: renumbered retail tasks, telecom's named
 * action ids and user-side tool calls (dual control), a simulation scored
 * against another task's actions (imported, flagged), a bare list of
 * simulations without the envelope, an empty results file and a 0-byte file.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { importFile } from '@/lib/import/run-import';
import { aggregateToolCalls } from '@/lib/reflection/function-aggregate';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { createActor } from '../../helpers/factories';
import { cli, IMPORT_FIXTURES, importFixture, readFixture } from '../../helpers/import-files';

async function stored(externalId: string) {
  const t = await prisma.trajectory.findUniqueOrThrow({
    where: { externalId },
    include: { task: true, checkpoints: { include: { checkpoint: true } }, events: { orderBy: { position: 'asc' } } },
  });
  return {
    t,
    results: Object.fromEntries(
      t.checkpoints.map((c) => [c.checkpoint.key, { passed: c.passed, at: c.eventIndex, kind: c.checkpoint.kind }]),
    ),
  };
}

describe('τ²-bench action ids: the ownership check', () => {
  it('imports a renumbered retail task whose actions (98_0, 98_1) are its own, and flags a simulation scored against another task', async () => {
    const report = await importFixture('tau2-retail-renumbered.json');
    expect(report).toMatchObject({
      format: 'tau2',
      status: 'SUCCEEDED',
      recordsTotal: 2,
      importedCount: 2,
      failedCount: 0,
      warningCount: 1,
    });
    expect(report.errors).toEqual([
      expect.objectContaining({
        kind: 'WARNING',
        recordIndex: 1,
        path: 'simulations[1].reward_info.action_checks[0].action.action_id',
        reason: expect.stringContaining('action id "98_1" is not one of task 5\'s expected actions'),
      }),
    ]);

    const renumbered = await stored('tau2-bench:retail:retail-sim-1');
    expect(renumbered.results).toMatchObject({
      '98_0': { passed: true, at: 2 },
      '98_1': { passed: true, at: 4 },
      db: { passed: true },
    });
    expect((renumbered.t.metadata as Record<string, unknown>)[DATA_QUALITY_KEY]).toBeUndefined();

    const foreign = await stored('tau2-bench:retail:retail-sim-2');
    // Kept, not dropped: the conversation is real; the foreign action check is left unscored.
    expect(Object.keys(foreign.results).sort()).toEqual(['db']);
    expect((foreign.t.metadata as Record<string, unknown>)[DATA_QUALITY_KEY]).toEqual([
      expect.objectContaining({ reason: expect.stringContaining('"98_1"') }),
    ]);
    // …and the trajectory page says so.
    const view = await getTrajectory(await createActor('ANNOTATOR'), foreign.t.id);
    expect(view.dataQualityWarnings).toHaveLength(1);
    expect((await getTrajectory(await createActor('ANNOTATOR'), renumbered.t.id)).dataQualityWarnings).toEqual([]);
  });

  it("imports telecom: named action ids, user-side tool calls kept as the user's, their checkpoints anchored to them", async () => {
    const report = await importFixture('tau2-telecom-dual-control.json');
    expect(report).toMatchObject({
      status: 'SUCCEEDED',
      recordsTotal: 3,
      importedCount: 3,
      failedCount: 0,
      warningCount: 0,
    });

    const ok = await stored('tau2-bench:telecom:telecom-sim-1');
    expect(ok.t.events.map((e) => `${e.source}:${e.type}:${e.tool ?? ''}`)).toEqual([
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:telecom.get_customer_by_phone',
      'ENVIRONMENT:OBSERVATION:telecom.get_customer_by_phone',
      'AGENT:MESSAGE:',
      'USER:MESSAGE:',
      'USER:TOOL_CALL:telecom.toggle_airplane_mode',
      'ENVIRONMENT:OBSERVATION:telecom.toggle_airplane_mode',
      'USER:TOOL_CALL:telecom.check_network_status',
      'ENVIRONMENT:OBSERVATION:telecom.check_network_status',
      'USER:MESSAGE:',
    ]);
    expect(ok.results).toMatchObject({
      get_customer_by_phone_0: { passed: true, at: 1, kind: 'action' },
      toggle_airplane_mode_0: { passed: true, at: 5, kind: 'user_action' },
      check_network_status_0: { passed: true, at: 7, kind: 'user_action' },
      env_0: { passed: true },
    });

    const failed = await stored('tau2-bench:telecom:telecom-sim-2');
    // The user never toggled airplane mode: no anchor, and a note that says whose call is missing.
    const toggle = failed.t.checkpoints.find((c) => c.checkpoint.key === 'toggle_airplane_mode_0')!;
    expect(toggle).toMatchObject({
      passed: false,
      eventIndex: null,
      note: 'The user never calls telecom.toggle_airplane_mode.',
    });
    expect(failed.results.check_network_status_0).toMatchObject({ passed: true, at: 3 });

    const escalate = await stored('tau2-bench:telecom:telecom-sim-3');
    expect(escalate.results.transfer_to_human_agents).toMatchObject({ passed: true, at: 1 });

    // The agent's function cards see the agent's tools only, never the simulated user's phone.
    const tools = (await aggregateToolCalls({ taskId: ok.t.taskId })).map((a) => a.tool);
    expect(tools).toEqual(['telecom.get_customer_by_phone']);
  });
});

describe('a bare τ²-bench list of simulations (no envelope)', () => {
  it('is detected as τ²-bench, takes domain and model from the file name, and says where the instruction came from', async () => {
    const report = await importFile({
      ...cli,
      filePath: path.join(IMPORT_FIXTURES, 'kestrel-small_telecom_default_user-sim_2trials.json'),
    });
    expect(report).toMatchObject({
      format: 'tau2',
      status: 'SUCCEEDED',
      recordsTotal: 2,
      importedCount: 2,
      warningCount: 1,
    });
    expect(report.errors[0]).toMatchObject({
      kind: 'WARNING',
      reason: expect.stringContaining("instruction is the simulated user's first message"),
    });
    expect(report.errors[0].reason).toContain('come from the file name');

    const a = await stored('tau2-bench:telecom:bare-sim-1');
    expect(a.t).toMatchObject({ model: 'kestrel-small' });
    expect(a.t.task).toMatchObject({
      externalId: 'telecom/[mobile_data_issue]airplane_mode_on_bare',
      instruction: 'My mobile data stopped working. My number is 555-0100.',
    });
    // Checkpoints come from reward_info; both trials land on one task even though their first messages differ.
    expect(a.results).toMatchObject({
      toggle_airplane_mode_0: { passed: true, at: 5, kind: 'user_action' },
      env_0: { passed: true },
    });
    const b = await stored('tau2-bench:telecom:bare-sim-2');
    expect(b.t.taskId).toBe(a.t.taskId);
  });

  it('fails with a message naming --domain/--model when neither the options nor the file name say them', async () => {
    // The same simulations under other ids (trajectory ids are per simulation) and a name that says nothing.
    const sims = JSON.parse(readFixture('kestrel-small_telecom_default_user-sim_2trials.json')) as { id: string }[];
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tau2-bare-')), 'results.json');
    writeFileSync(file, JSON.stringify(sims.map((s) => ({ ...s, id: `renamed-${s.id}` }))));
    const report = await importFile({ ...cli, filePath: file });
    expect(report).toMatchObject({ format: 'tau2', status: 'FAILED', importedCount: 0, errorCount: 0 });
    // Said once for the import, not as a record's problem.
    expect(report.error).toMatch(
      /bare list of simulations, which names no domain .* and model: name it with --domain\/--model/,
    );
    expect(report.error).toContain('the Domain/Model fields of the upload form');

    const named = await importFile({ ...cli, filePath: file, domain: 'telecom', model: 'kestrel-tiny' });
    expect(named).toMatchObject({ status: 'SUCCEEDED', importedCount: 2 });
    expect(named.errors[0].reason).toContain('come from the given options');
  });
});

describe('a bare list for tasks already imported from a results file', () => {
  it('lands on the stored task (its definition wins over the guessed one) instead of conflicting', async () => {
    await importFixture('tau2-telecom-dual-control.json');
    const doc = JSON.parse(readFixture('tau2-telecom-dual-control.json')) as {
      simulations: { id: string }[];
    };
    const file = path.join(
      mkdtempSync(path.join(os.tmpdir(), 'tau2-bare-')),
      'kestrel-small_telecom_default_user-sim_1trials.json',
    );
    writeFileSync(file, JSON.stringify(doc.simulations.map((s) => ({ ...s, id: `again-${s.id}` }))));
    const report = await importFile({ ...cli, filePath: file });
    expect(report).toMatchObject({ status: 'SUCCEEDED', importedCount: 3, conflictCount: 0 });
    const again = await stored('tau2-bench:telecom:again-telecom-sim-1');
    const first = await stored('tau2-bench:telecom:telecom-sim-1');
    expect(again.t.taskId).toBe(first.t.taskId);
    expect(again.t.task.instruction).toBe(first.t.task.instruction);
    expect(again.results).toMatchObject({ toggle_airplane_mode_0: { passed: true, at: 5 } });
  });
});

describe('files with nothing in them', () => {
  it('accepts a τ²-bench results file with an empty simulations list, with a warning', async () => {
    const report = await importFixture('tau2-empty-simulations.json');
    expect(report).toMatchObject({
      format: 'tau2',
      status: 'SUCCEEDED',
      recordsTotal: 0,
      failedCount: 0,
      warningCount: 1,
      error: null,
    });
    expect(report.errors).toEqual([
      expect.objectContaining({ kind: 'WARNING', reason: '0 records — the file holds no simulations' }),
    ]);
  });

  it('says a 0-byte file is empty instead of "unknown format"', async () => {
    const report = await importFixture('empty.json');
    expect(report).toMatchObject({ status: 'FAILED', format: null, recordsTotal: 0 });
    expect(report.error).toBe('empty.json is empty (0 bytes): there is nothing to import.');
  });
});
