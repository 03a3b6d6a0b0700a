import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { listQueue } from '@/lib/queue/list-queue';
import { checkpointLabel } from '@/lib/queue/checkpoint-label';
import { agentAndModel } from '@/lib/import/adapters/tac-names';
import { createActor } from '../../helpers/factories';
import { ARIA_AGENT, OPENHANDS_AGENT, tacZip, writeTacFolder } from '../../helpers/tac-fixture';
import { cli } from '../../helpers/import-files';

async function run(externalId: string) {
  return prisma.trajectory.findUniqueOrThrow({
    where: { externalId },
    include: {
      checkpoints: { include: { checkpoint: true }, orderBy: { checkpoint: { position: 'asc' } } },
      events: { orderBy: { position: 'asc' } },
      task: true,
    },
  });
}

const spools = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith(`console-import-${process.pid}-`));

describe('TheAgentCompany folders', () => {
  it('reads agent and model from the folder name', () => {
    expect(agentAndModel('20241217_OpenHands-0.14.2-sonnet-20241022')).toEqual({
      agent: 'OpenHands 0.14.2',
      model: 'sonnet-20241022',
    });
    expect(agentAndModel('20260625_IRIS-GraphAgent-gpt-5.4-2026-03-05')).toEqual({
      agent: 'IRIS-GraphAgent',
      model: 'gpt-5.4-2026-03-05',
    });
  });

  it('imports every run with its points, outcome and trajectory kind, counts a never-started run apart, and re-imports as present', async () => {
    const dir = writeTacFolder(mkdtempSync(path.join(os.tmpdir(), 'tac-')));
    const report = await importFile({ ...cli, filePath: dir });
    expect(report).toMatchObject({ format: 'theagentcompany', status: 'SUCCEEDED', recordsTotal: 6, importedCount: 6 });
    const warnings = report.errors.filter((e) => e.kind === 'WARNING').map((e) => e.reason);
    // A run that never started is counted apart, not reported as a problem.
    expect(report.notStarted).toBe(1);
    expect(warnings.filter((w) => w.includes('never started'))).toHaveLength(0);
    expect(warnings.filter((w) => w.includes('outcome only'))).toHaveLength(1);

    const oh = await run('theagentcompany/OpenHands 0.14.2/sonnet-20241022/ds-sheets');
    expect(oh).toMatchObject({ agent: 'OpenHands 0.14.2', model: 'sonnet-20241022', passed: false });
    expect(oh.task).toMatchObject({ externalId: 'ds-sheets', ability: 'ds', benchmark: 'theagentcompany' });
    expect(oh.task.instruction).toContain('Merge the two sheets');
    expect(oh.checkpoints.map((c) => [c.checkpoint.key, c.checkpoint.name, c.passed, c.score, c.total])).toEqual([
      ['checkpoint-1', 'Checkpoint 1: merged.xlsx holds both sheets.', false, 1, 2],
      ['checkpoint-2', 'Checkpoint 2: The agent tells the manager on RocketChat.', true, 1, 1],
    ]);
    // The gzipped OpenHands list: the call by its function, its observation paired by tool call id.
    const events = oh.events;
    expect(events.map((e) => e.type)).toEqual(['MESSAGE', 'TOOL_CALL', 'OBSERVATION', 'MESSAGE', 'FINAL']);
    expect(events[1]).toMatchObject({
      tool: 'openhands.execute_bash',
      arguments: { command: 'ls /workspace' },
      callId: 'call_1',
    });
    expect(events[2]).toMatchObject({ callId: 'call_1', error: false });

    const bonus = await run('theagentcompany/OpenHands 0.14.2/sonnet-20241022/finance-bonus');
    expect(bonus).toMatchObject({ passed: true, score: 1 });
    expect(bonus.metadata).toMatchObject({
      trajectory_kind: 'openhands',
      tac: { checkpoint_sum: { result: 1, total: 3 }, final_score: { result: 3, total: 3 }, full_completion: true },
    });

    const never = await run('theagentcompany/OpenHands 0.14.2/sonnet-20241022/hr-never');
    expect(never.metadata).toMatchObject({ tac: { not_started: true }, trajectory_kind: 'outcome_only' });
    expect(never.checkpoints).toEqual([]);

    const bools = await run('theagentcompany/OpenHands 0.14.2/sonnet-20241022/admin-bools');
    expect(bools.checkpoints.map((c) => [c.checkpoint.name, c.passed, c.score, c.total])).toEqual([
      ['Checkpoint 1', true, 1, 1],
      ['Checkpoint 2', false, 0, 1],
    ]);
    expect(bools.metadata).toMatchObject({ trajectory_kind: 'outcome_only' });
    expect(bools.score).toBe(0.25);

    const aria = await run('theagentcompany/ARIA/deepseek-v3.2/ds-sheets');
    expect(aria.events.map((e) => e.type)).toEqual(['NOTIFICATION', 'MESSAGE', 'MESSAGE', 'TOOL_CALL', 'OBSERVATION']);
    expect(aria.events[3]).toMatchObject({ tool: 'aria.run_cmd', arguments: { command: 'ls' } });
    expect(aria.events[4].callId).toBe(aria.events[3].callId);
    // Both agents' runs of the task share one task definition (from checkpoints.md): the contrast lines them up.
    expect(aria.taskId).toBe(oh.taskId);

    const prose = await run('theagentcompany/ARIA/deepseek-v3.2/finance-bonus');
    expect(prose.metadata).toMatchObject({ trajectory_kind: 'narrative' });
    expect(prose.events).toHaveLength(1);

    const again = await importFile({ ...cli, filePath: dir });
    expect(again).toMatchObject({ status: 'SUCCEEDED', importedCount: 0, presentCount: 6 });
  });

  it('imports the folder zipped as an upload, leaves no temporary folder, and shows "1 of 2 points" on the queue', async () => {
    const before = spools();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'tac-zip-')), 'experiments.zip');
    writeFileSync(file, tacZip());
    const actor = await createActor('RESEARCHER');
    const report = await importFile({ by: { actor }, source: 'UPLOAD', filePath: file, fileName: 'experiments.zip' });
    expect(report).toMatchObject({ format: 'theagentcompany', recordsTotal: 6 });
    expect(report.importedCount + report.presentCount).toBe(6);
    expect(spools()).toEqual(before);

    const annotator = await createActor('ANNOTATOR');
    const queue = await listQueue(annotator, { benchmark: 'theagentcompany', pageSize: 50 });
    const row = queue.items.find((i) => i.taskExternalId === 'ds-sheets' && i.agent === 'OpenHands 0.14.2');
    expect(row?.failedCheckpoints.map(checkpointLabel)).toEqual(['checkpoint-1 (1 of 2 points)']);
    // A run that never started has nothing to diagnose: it is not queued.
    expect(queue.items.some((i) => i.taskExternalId === 'hr-never')).toBe(false);
    void ARIA_AGENT;
    void OPENHANDS_AGENT;
  });
});
