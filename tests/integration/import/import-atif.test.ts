import { describe, expect, it } from 'vitest';
import { importedTrajectory } from '../../helpers/import-results';
import { importFixture } from '../../helpers/import-files';

describe('ATIF trajectories', () => {
  it('imports a hand-edited ATIF file: each departure a warning, results placed after their calls, unmatched ones kept', async () => {
    const report = await importFixture('atif-hand-edited.json');
    expect(report).toMatchObject({ format: 'atif', status: 'SUCCEEDED', importedCount: 1, warningCount: 4 });
    expect(report.errors.map((e) => [e.kind, e.path, e.reason])).toEqual([
      [
        'WARNING',
        'steps[1].observation',
        'tool results are separate steps with {type, content, result} instead of observation.results[] on the calling step',
      ],
      [
        'WARNING',
        'steps[3].tool_calls[0]',
        'tool calls use {id, name, arguments} instead of {tool_call_id, function_name, arguments}',
      ],
      [
        'WARNING',
        'steps',
        '1 tool result(s) are listed before the step of their call: each is placed right after its call',
      ],
      [
        'WARNING',
        'steps',
        '1 tool result(s) answer calls the trajectory does not contain (call-zzz): kept at the end, unmatched',
      ],
    ]);

    const { t, shape } = await importedTrajectory('atif:wren-session-7');
    expect(t).toMatchObject({ model: 'wren-mini', agent: 'wren agent 0.3', passed: false, feedbackKind: 'SELF_JUDGE' });
    expect(t.task).toMatchObject({
      benchmark: 'terminal-bench-lite',
      externalId: 'tidy-logs',
      instruction: 'Delete log files older than a week in /var/app.',
    });
    expect(shape).toEqual([
      'USER:MESSAGE:',
      'AGENT:MESSAGE:',
      'AGENT:TOOL_CALL:wren_agent.bash',
      'ENVIRONMENT:OBSERVATION:wren_agent.bash',
      'AGENT:MESSAGE:',
      'AGENT:TOOL_CALL:wren_agent.bash',
      'ENVIRONMENT:OBSERVATION:wren_agent.bash',
      'AGENT:MESSAGE:',
      'ENVIRONMENT:OBSERVATION:!',
    ]);
    expect(t.events[3]).toMatchObject({ callId: 'call-a', content: 'a.log b.log' });
    // The result listed first (step 2) answers the call of step 4, parsed from its JSON-string arguments.
    expect(t.events[5]).toMatchObject({ callId: 'call-b', arguments: { cmd: 'find /var/app -mtime +7 -delete' } });
    expect(t.events[6]).toMatchObject({ callId: 'call-b', content: 'removed 4 files', error: false });
    expect(t.events[8]).toMatchObject({ callId: 'call-zzz', content: 'permission denied', error: true });
    expect((t.metadata as Record<string, unknown>).data_quality_warnings).toHaveLength(4);

    const again = await importFixture('atif-hand-edited.json');
    expect(again).toMatchObject({ importedCount: 0, presentCount: 1 });
  });
});
