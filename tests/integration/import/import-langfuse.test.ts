import { describe, expect, it } from 'vitest';
import { importedTrajectory } from '../../helpers/import-results';
import { importFixture } from '../../helpers/import-files';

describe('Langfuse trace exports', () => {
  it('maps a list of traces: observations like spans, scores of each type as checkpoints, a trace without id refused', async () => {
    const report = await importFixture('langfuse-kettle.json');
    expect(report).toMatchObject({
      format: 'langfuse',
      status: 'PARTIAL',
      recordsTotal: 3,
      importedCount: 2,
      failedCount: 1,
    });
    expect(report.errors).toEqual([expect.objectContaining({ kind: 'INVALID', recordIndex: 2, path: '[2].trace.id' })]);

    const a = await importedTrajectory('langfuse:lf-trace-a');
    expect(a.t).toMatchObject({
      model: 'kestrel-small',
      agent: 'kettle-agent',
      passed: false,
      memoryRelease: 'kettle-r1',
      memoryCardIds: ['card-a', 'card-b'],
    });
    expect(a.t.task).toMatchObject({
      benchmark: 'kettle-bench',
      externalId: 'kettle/boil',
      instruction: 'Boil one litre.',
    });
    // Spans in start order (not file order); the second model span's replayed history is not repeated.
    expect(a.shape).toEqual([
      'ENVIRONMENT:NOTIFICATION:',
      'USER:MESSAGE:',
      'AGENT:TOOL_CALL:agent.boil',
      'ENVIRONMENT:OBSERVATION:agent.boil',
      'AGENT:MESSAGE:',
      'AGENT:TOOL_CALL:agent.descale',
      'ENVIRONMENT:OBSERVATION:agent.descale!',
    ]);
    expect(a.t.events[2]).toMatchObject({ callId: 'c1', arguments: { litres: 1 } });
    expect(a.t.events[3]).toMatchObject({ callId: 'c1', content: 'boiling' });
    expect(a.t.events[6]).toMatchObject({ content: 'scale too thick', error: true });
    expect(a.t.events[5].arguments).toEqual({ acid: 'vinegar' });
    expect((a.t.metadata as Record<string, unknown>).usage).toEqual({ input: 60, output: 15, total: 75 });
    expect(a.results).toEqual({
      boiled: { passed: true, score: 1, total: 1, at: null, note: 'Value: 1\nWater reached 100 °C.' },
      // Anchored to the event of the observation the score names.
      safe: { passed: false, score: 0, total: 1, at: 5, note: 'Descaled with the lid open.' },
      tidy: { passed: false, score: null, total: null, at: null, note: 'Category: partial\nLeft the cable out.' },
      tone: { passed: true, score: null, total: null, at: null, note: 'Category: pass' },
    });

    // Observations without OTel attributes: input / output / toolCalls as the Langfuse SDK records them.
    const b = await importedTrajectory('langfuse:lf-trace-b');
    expect(b.t).toMatchObject({ model: 'kestrel-large', passed: false, outcomeReason: 'the trace has no scores' });
    expect(b.shape).toEqual([
      'USER:MESSAGE:',
      'AGENT:MESSAGE:',
      'AGENT:TOOL_CALL:agent.kettle_status',
      'ENVIRONMENT:OBSERVATION:agent.kettle_status',
    ]);
    expect(b.t.events[3]).toMatchObject({ callId: 'b1', content: '{"on":false}' });
  });
});
