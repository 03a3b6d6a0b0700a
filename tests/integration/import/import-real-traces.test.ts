import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { POST as importRoute } from '@/app/api/imports/route';
import { importFile } from '@/lib/import/run-import';
import { createApiToken } from '@/lib/users/api-tokens';
import { realDataPath, skipWithoutRealData } from '../../../scripts/lib/real-data';
import { callRoute } from '../../helpers/call-route';
import { createActor } from '../../helpers/factories';
import { importedTrajectory } from '../../helpers/import-results';
import { cli } from '../../helpers/import-files';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/*
 * Every expected count below was computed from the files with jq, not with the
 * adapters, e.g. for an Inspect log:
 *   jq -c '.samples[] | {id, epoch, user: [.messages[]|select(.role=="user")]|length,
 *     calls: [.messages[]|.tool_calls[]?]|length, tools: [.messages[]|select(.role=="tool")]|length,
 *     scores: (.scores//{}|map_values(.value))}'
 * (the .eval after `unzip`, on samples/0_epoch_1.json); for ATIF
 *   jq -c '.steps[] | [.step_id, .source, [.tool_calls[]?.id]]'
 * and for Langfuse `jq '.observations[] | {type, name, startTime}'` plus the
 * llm.* / gen_ai.* keys of each observation's metadata. Events = non-empty
 * system/user/assistant texts + tool calls + tool results.
 */
const INSPECT = 'inspect';
const ATIF = 'atif/regex-log_20251211-161750-ba4ddb16/trajectory.json';
const LANGFUSE = 'langfuse';

describe.skipIf(skipWithoutRealData(INSPECT, 'Inspect AI real logs import'))('real Inspect AI logs', () => {
  it('browser.json: one sample, 4 tool calls answered, the includes scorer passed', async () => {
    const report = await importFile({
      ...cli,
      filePath: realDataPath(`${INSPECT}/2025-05-12T20-27-36-04-00_browser.json`),
    });
    expect(report).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', recordsTotal: 1, importedCount: 1 });
    const { t, shape, results } = await importedTrajectory('inspect:ZB2vu5GNujYaBdPSReCeop:1:1');
    // 1 user message + 4 calls + 4 tool results + 1 final answer (the 4 calling turns have no text).
    expect(shape).toHaveLength(10);
    expect(shape.filter((s) => s.startsWith('AGENT:TOOL_CALL:inspect.web_browser_'))).toHaveLength(4);
    expect(t).toMatchObject({ model: 'openai/gpt-4o-mini', trial: 1, passed: true });
    expect(results.includes).toMatchObject({ passed: true, score: 1, total: 1 });
  });

  it('popularity.json: a cancelled log imports its 3 scored samples (C, C, I) and says it was cancelled', async () => {
    const report = await importFile({
      ...cli,
      filePath: realDataPath(`${INSPECT}/2025-05-12T20-28-13-04-00_popularity.json`),
    });
    expect(report).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 3, warningCount: 1 });
    expect(report.errors[0].reason).toContain('"cancelled"');
    const passed = [];
    for (const id of ['1', '2', '3']) {
      const { t, shape } = await importedTrajectory(`inspect:VnKtvCqGnnegLQ7qSBFDzx:${id}:1`);
      expect(shape).toEqual(['ENVIRONMENT:NOTIFICATION:', 'USER:MESSAGE:', 'AGENT:MESSAGE:']);
      passed.push(t.passed);
    }
    expect(passed).toEqual([true, true, false]);
  });

  it('log_tool_call_error.json (hand-edited upstream): 11 tool errors, epoch 4, unscored', async () => {
    const report = await importFile({ ...cli, filePath: realDataPath(`${INSPECT}/log_tool_call_error.json`) });
    expect(report).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 1 });
    const { t, shape } = await importedTrajectory('inspect:...:1:4');
    expect(t.trial).toBe(4);
    expect(shape).toEqual(Array(11).fill('ENVIRONMENT:OBSERVATION:inspect.bash!'));
    expect(t.events.map((e) => (e.metadata as { error_type: string }).error_type)).toContain('permission');
  });

  it('log_message_deduplication.eval through the API: 5 bash calls answered, closeness_log 0 is a failed checkpoint', async () => {
    const researcher = await createActor('RESEARCHER');
    const { token } = await createApiToken(await createActor('ADMIN'), {
      name: 'real-eval',
      role: 'RESEARCHER',
      userId: researcher.userId,
    });
    const res = await callRoute(importRoute, '/api/imports?fileName=log_message_deduplication.eval', {
      token,
      body: new Uint8Array(readFileSync(realDataPath(`${INSPECT}/log_message_deduplication.eval`))),
      headers: { 'content-type': 'application/octet-stream' },
    });
    const [report] = (await res.json()).reports;
    expect(report).toMatchObject({ format: 'inspect', status: 'SUCCEEDED', importedCount: 1 });
    const { t, shape, results } = await importedTrajectory('inspect:gsM63GyMBKgA3p4sHAMAfG:0:1');
    // 1 user + 6 assistant texts + 5 calls + 5 results.
    expect(shape).toHaveLength(17);
    expect(shape.filter((s) => s === 'AGENT:TOOL_CALL:inspect.bash')).toHaveLength(5);
    expect(shape.filter((s) => s === 'ENVIRONMENT:OBSERVATION:inspect.bash')).toHaveLength(5);
    expect(t).toMatchObject({ model: 'hardcoded/hardcoded', passed: false });
    expect(results.closeness_log).toMatchObject({ passed: false, score: 0, total: 1 });
  });
});

describe.skipIf(skipWithoutRealData(ATIF, 'ATIF real trajectory import'))('the real ATIF trajectory', () => {
  it('imports the Terminal-Bench run with its 5 calls paired to their 5 results, each departure a warning', async () => {
    const report = await importFile({ ...cli, filePath: realDataPath(ATIF) });
    expect(report).toMatchObject({ format: 'atif', status: 'SUCCEEDED', importedCount: 1, warningCount: 5 });
    expect(report.errors.map((e) => e.path)).toEqual([
      'schema_version',
      'agent.model',
      'steps[2].observation',
      'steps[6].tool_calls[0]',
      'steps',
    ]);
    const { t, shape } = await importedTrajectory('atif:tbench-1765491470070-3679a2f1');
    // 1 user + 3 agent texts + 5 calls + 5 results, every result right after its call.
    expect(shape).toHaveLength(14);
    shape.forEach((s, i) => {
      if (s.includes('TOOL_CALL')) expect(shape[i + 1]).toMatch(/^ENVIRONMENT:OBSERVATION:claude-code\./);
    });
    expect(t).toMatchObject({ model: 'claude-sonnet-4-20250514', agent: 'claude-code 2.0.58', passed: true });
  });
});

describe.skipIf(skipWithoutRealData(LANGFUSE, 'Langfuse real trace exports import'))('real Langfuse exports', () => {
  it('OpenAI Agents SDK trace: the tool call chosen, its result, the answer; two numeric scores', async () => {
    const report = await importFile({
      ...cli,
      filePath: realDataPath(`${LANGFUSE}/openai-agents-2025-09-30.trace.json`),
    });
    expect(report).toMatchObject({ format: 'langfuse', status: 'SUCCEEDED', importedCount: 1 });
    const { t, shape, results } = await importedTrajectory('langfuse:fee618f96dc31e0ca38b2f7b26eb8b29');
    expect(shape).toEqual([
      'ENVIRONMENT:NOTIFICATION:',
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:agent.get_weather',
      'ENVIRONMENT:OBSERVATION:agent.get_weather',
      'AGENT:MESSAGE:',
    ]);
    expect(t.events[2]).toMatchObject({ callId: 'call_Kud0j0DxWSmLzv9W5m6qVqXn', arguments: { city: 'Tokyo' } });
    expect(t.events[3].content).toBe('The weather in Tokyo is sunny.');
    expect(t.model).toBe('gpt-4.1-2025-04-14');
    expect(Object.keys(results)).toEqual(['hallucination', 'toxicity']);
    expect(results.toxicity).toMatchObject({ score: 0.8, total: 1 });
  });

  it('Vercel AI SDK trace: the wrapping generateText span is not repeated; the call and its result', async () => {
    const report = await importFile({
      ...cli,
      filePath: realDataPath(`${LANGFUSE}/vercel-aisdk-2025-11-17.trace.json`),
    });
    expect(report).toMatchObject({ format: 'langfuse', status: 'SUCCEEDED', importedCount: 1 });
    const { t, shape } = await importedTrajectory('langfuse:df41e597d0a85e0d7a6ae8ebfaa70aa0');
    expect(shape).toEqual([
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:agent.getWeather',
      'ENVIRONMENT:OBSERVATION:agent.getWeather',
    ]);
    expect(t.events[1]).toMatchObject({
      callId: 'call_DgKARp7a7IhJPDczfifMp6Ra',
      arguments: { location: 'San Francisco' },
    });
    expect(t.model).toBe('gpt-5-2025-08-07');
  });
});
