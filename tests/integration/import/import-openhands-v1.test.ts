import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';

/** A self-written OpenHands V1 event list (`kind`-shaped events of the software-agent-sdk). */
const V1 = [
  {
    kind: 'MessageEvent',
    id: 'e0',
    source: 'user',
    llm_message: { role: 'user', content: [{ type: 'text', text: 'List the files.' }] },
  },
  {
    kind: 'ActionEvent',
    id: 'e1',
    source: 'agent',
    thought: [{ type: 'text', text: 'I will run ls.' }],
    action: { kind: 'ExecuteBashAction', command: 'ls' },
    tool_name: 'execute_bash',
    tool_call_id: 'call_9',
    tool_call: { id: 'call_9', name: 'execute_bash', arguments: '{"command": "ls"}' },
  },
  {
    kind: 'ObservationEvent',
    id: 'e2',
    source: 'environment',
    tool_name: 'execute_bash',
    tool_call_id: 'call_9',
    action_id: 'e1',
    observation: { kind: 'ExecuteBashObservation', output: 'a.txt\nb.txt', exit_code: 0 },
  },
  { kind: 'AgentErrorEvent', id: 'e3', source: 'agent', tool_call_id: 'call_9', error: 'tool timed out' },
  { kind: 'ConversationStateUpdateEvent', id: 'e4', source: 'environment', key: 'status', value: 'finished' },
  {
    kind: 'MessageEvent',
    id: 'e5',
    source: 'agent',
    llm_message: { role: 'assistant', content: [{ type: 'text', text: 'a.txt and b.txt' }] },
  },
];

describe('OpenHands V1 events', () => {
  it('maps kind-shaped events: the call with its arguments, its observation by tool call id, errors, messages, other kinds kept', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'oh-v1-')), 'v1-events.json');
    writeFileSync(file, JSON.stringify(V1));
    // V1 events do not name the model: without it, the record fails saying so.
    const unnamed = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    expect(unnamed).toMatchObject({ format: 'openhands', status: 'FAILED', failedCount: 1 });
    expect(unnamed.errors[0].reason).toContain('nothing names the model');

    const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file, model: 'v1-model' });
    expect(report).toMatchObject({ format: 'openhands', status: 'SUCCEEDED', importedCount: 1 });
    const run = await prisma.trajectory.findFirstOrThrow({
      where: { model: 'v1-model' },
      include: { events: { orderBy: { position: 'asc' } }, task: true },
    });
    expect(run.task.instruction).toBe('List the files.');
    expect(run.events.map((e) => [e.source, e.type])).toEqual([
      ['USER', 'MESSAGE'],
      ['AGENT', 'TOOL_CALL'],
      ['ENVIRONMENT', 'OBSERVATION'],
      ['ENVIRONMENT', 'OBSERVATION'],
      ['ENVIRONMENT', 'NOTIFICATION'],
      ['AGENT', 'MESSAGE'],
    ]);
    expect(run.events[1]).toMatchObject({
      tool: 'openhands.execute_bash',
      arguments: { command: 'ls' },
      callId: 'call_9',
      content: 'I will run ls.',
    });
    expect(run.events[2]).toMatchObject({ callId: 'call_9', content: 'a.txt\nb.txt', error: false });
    expect(run.events[3]).toMatchObject({ callId: 'call_9', content: 'tool timed out', error: true });
    expect(run.events[4].content).toBe('ConversationStateUpdateEvent');
    // No pass/fail in an event list: imported without a checkpoint, and the report says so.
    expect(report.errors.map((e) => e.reason)).toEqual([expect.stringContaining('no pass/fail recorded')]);
  });
});
