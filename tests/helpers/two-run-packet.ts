import type { ContrastPacket } from '@/lib/reflection/packet';

type Action = { tool: string; arguments: Record<string, unknown>; writes: boolean };

/**
 * A contrast packet of one task and two runs that part at one step: run A passed with `passing`
 * (position 4), run B failed with `failing` (position 6), one divergence between them; `over`
 * replaces whole fields (diagnoses, divergences).
 */
export function twoRunPacket(
  instruction: string,
  passing: Action,
  failing: Action,
  over: Partial<ContrastPacket> = {},
): ContrastPacket {
  const run = (label: string, passed: boolean, position: number, a: Action) => ({
    label,
    outcome: passed ? ('passed' as const) : ('failed' as const),
    termination: null,
    score: passed ? 1 : 0,
    checkpoints: [],
    actions: [{ position, tool: a.tool, arguments: a.arguments, result: '{}', error: false, writes: a.writes }],
    writes: [],
    final_response: '',
  });
  return {
    task: { instruction, ability: 'airline', apps: ['airline'], checkpoints: [] },
    all_failed: false,
    runs: [run('run A', true, 4, passing), run('run B', false, 6, failing)],
    diagnoses: [],
    divergences: [
      {
        failing_run: 'run B',
        passing_run: 'run A',
        failing_position: 6,
        failing_action: { tool: failing.tool, arguments: failing.arguments },
        passing_action: { tool: passing.tool, arguments: passing.arguments, position: 4 },
      },
    ],
    ...over,
  };
}
