import { describe, expect, it } from 'vitest';
import { alignToolCalls, type AlignmentSequence } from '@/lib/contrast/align-tool-calls';
import { findDivergence } from '@/lib/contrast/find-divergence';
import { compactArguments, stepKey, stepSimilarity, type ToolStep } from '@/lib/contrast/tool-step';

/** A call written as "App.fn" or "App.fn:value" (value goes to argument `id`). */
function seq(id: string, calls: string[], passed?: boolean): AlignmentSequence {
  const steps: ToolStep[] = calls.map((c, i) => {
    const [tool, value] = c.split(':');
    return { tool, arguments: value === undefined ? {} : { id: value }, position: i * 2 + 1 };
  });
  return { id, passed, steps };
}

/** The alignment as a grid of "tool[:id]" strings with "-" for gaps, one array per row. */
function grid(sequences: AlignmentSequence[]) {
  return alignToolCalls(sequences).rows.map((row) =>
    row.map((c) =>
      c
        ? `${c.step.tool}${c.step.arguments && 'id' in c.step.arguments ? `:${String(c.step.arguments.id)}` : ''}`
        : '-',
    ),
  );
}

describe('step keys and similarity', () => {
  it('keys a call by tool and key arguments regardless of argument order', () => {
    expect(stepKey({ tool: 'a.f', arguments: { x: 1, y: [1, { b: 2, a: 1 }] } })).toBe(
      stepKey({ tool: 'a.f', arguments: { y: [1, { a: 1, b: 2 }], x: 1 } }),
    );
    expect(stepKey({ tool: 'a.f', arguments: { x: 1 } })).not.toBe(stepKey({ tool: 'a.f', arguments: { x: 2 } }));
  });

  it('leaves long free-text arguments out of the key', () => {
    const body = (w: string) => `${w} `.repeat(40);
    expect(stepKey({ tool: 'mail.send', arguments: { to: 'a', body: body('hello') } })).toBe(
      stepKey({ tool: 'mail.send', arguments: { to: 'a', body: body('howdy') } }),
    );
    expect(stepKey({ tool: 'mail.send', arguments: { to: 'a', body: 'short' } })).not.toBe(
      stepKey({ tool: 'mail.send', arguments: { to: 'a', body: 'other' } }),
    );
  });

  it('scores the same tool with other arguments as a partial match and other tools as none', () => {
    const a = { tool: 'f.book', arguments: { id: 1, cabin: 'eco' } };
    expect(stepSimilarity(a, { ...a })).toBe(1);
    const partial = stepSimilarity(a, { tool: 'f.book', arguments: { id: 2, cabin: 'eco' } });
    expect(partial).toBeGreaterThanOrEqual(0.5);
    expect(partial).toBeLessThan(1);
    expect(stepSimilarity(a, { tool: 'f.cancel', arguments: { id: 1, cabin: 'eco' } })).toBe(0);
  });

  it('renders compact plain-text arguments', () => {
    expect(
      compactArguments({ reservation_id: 'M05KNL', flights: [{ flight_number: 'HAT110', date: '2024-05-24' }] }),
    ).toBe('flights=[HAT110 2024-05-24], reservation_id=M05KNL');
    expect(compactArguments(null)).toBe('');
  });
});

describe('tool-call alignment', () => {
  it('lines identical sequences up row by row without gaps', () => {
    const calls = ['m.list', 'm.search:1', 'm.read:7'];
    expect(grid([seq('a', calls, true), seq('b', calls, true), seq('c', calls, false)])).toEqual(
      calls.map((c) => [c, c, c]),
    );
  });

  it('opens a gap row for a step only one run inserted', () => {
    expect(
      grid([
        seq('a', ['m.list', 'm.read', 'm.send'], true),
        seq('b', ['m.list', 'm.search', 'm.read', 'm.send'], false),
      ]),
    ).toEqual([
      ['m.list', 'm.list'],
      ['-', 'm.search'],
      ['m.read', 'm.read'],
      ['m.send', 'm.send'],
    ]);
  });

  it('shows a gap where a run skipped a step', () => {
    expect(grid([seq('a', ['m.list', 'm.search', 'm.read'], true), seq('b', ['m.list', 'm.read'], false)])).toEqual([
      ['m.list', 'm.list'],
      ['m.search', '-'],
      ['m.read', 'm.read'],
    ]);
  });

  it('puts a different call in the same row as the call it replaced', () => {
    expect(
      grid([seq('a', ['m.list', 'm.search', 'm.read'], true), seq('b', ['m.list', 'm.delete', 'm.read'], false)]),
    ).toEqual([
      ['m.list', 'm.list'],
      ['m.search', 'm.delete'],
      ['m.read', 'm.read'],
    ]);
  });

  it('aligns the same tool with other arguments as a partial match rather than two gaps', () => {
    expect(
      grid([
        seq('a', ['f.get', 'f.change:DF204', 'f.done'], true),
        seq('b', ['f.get', 'f.change:DF310', 'f.done'], false),
      ]),
    ).toEqual([
      ['f.get', 'f.get'],
      ['f.change:DF204', 'f.change:DF310'],
      ['f.done', 'f.done'],
    ]);
  });

  it('keeps the caller’s column order although passing runs anchor the profile', () => {
    const rows = grid([
      seq('fail', ['x.a', 'x.z'], false),
      seq('pass1', ['x.a', 'x.b'], true),
      seq('pass2', ['x.a', 'x.b'], true),
    ]);
    expect(rows[0]).toEqual(['x.a', 'x.a', 'x.a']);
    expect(rows[1]).toEqual(['x.z', 'x.b', 'x.b']);
    expect(rows).toHaveLength(2);
  });

  it('aligns three or more runs against the growing profile', () => {
    expect(
      grid([
        seq('p', ['a.1', 'a.2', 'a.3', 'a.4'], true),
        seq('f1', ['a.1', 'a.3', 'a.4'], false),
        seq('f2', ['a.1', 'a.2', 'a.9', 'a.3', 'a.4'], false),
      ]),
    ).toEqual([
      ['a.1', 'a.1', 'a.1'],
      ['a.2', '-', 'a.2'],
      ['-', '-', 'a.9'],
      ['a.3', 'a.3', 'a.3'],
      ['a.4', 'a.4', 'a.4'],
    ]);
  });

  it('handles a run without any tool call as a column of gaps', () => {
    expect(grid([seq('a', ['m.list', 'm.read'], true), seq('empty', [], false)])).toEqual([
      ['m.list', '-'],
      ['m.read', '-'],
    ]);
    expect(grid([seq('e1', []), seq('e2', [])])).toEqual([]);
    expect(alignToolCalls([]).rows).toEqual([]);
  });

  it('keeps each cell’s event position and index within its run', () => {
    const a = alignToolCalls([seq('a', ['m.list', 'm.read'], true), seq('b', ['m.read'], false)]);
    expect(a.rows[1][1]).toMatchObject({ index: 0, step: { position: 1 } });
    expect(a.rows[1][0]).toMatchObject({ index: 1, step: { position: 3 } });
  });

  it('caps long runs and reports what was cut', () => {
    const long = seq(
      'long',
      Array.from({ length: 30 }, (_, i) => `a.f:${i}`),
      true,
    );
    const a = alignToolCalls([long, seq('short', ['a.f:0'], false)], { maxSteps: 10 });
    expect(a.truncated).toEqual([{ id: 'long', kept: 10, total: 30 }]);
    expect(a.rows).toHaveLength(10);
  });
});

describe('first divergence', () => {
  const outcome = (sequences: AlignmentSequence[]) =>
    Object.fromEntries(sequences.map((s) => [s.id, s.passed === true]));
  const diverge = (sequences: AlignmentSequence[]) => findDivergence(alignToolCalls(sequences), outcome(sequences));

  it('finds the first step where a failing run leaves the passing runs', () => {
    const runs = [
      seq('p1', ['m.list', 'm.search:1', 'm.search:2', 'm.read:117'], true),
      seq('p2', ['m.list', 'm.search:1', 'm.search:2', 'm.read:117'], true),
      seq('f1', ['m.list', 'm.search:1', 'm.read:102'], false),
      seq('f2', ['m.list', 'm.search:1', 'm.search:2', 'm.read:117', 'm.send:x'], false),
    ];
    const d = diverge(runs);
    expect(d.mode).toBe('pass-vs-fail');
    expect(d.row).toBe(2);
    expect(d.differing).toEqual(['f1']);
    expect(d.perRun).toEqual({ f1: 2, f2: 4 });
    // f1 also skipped page 2's read and read the wrong message; f2 only added a send at the end.
    expect(d.departures).toEqual({ f1: [2, 3], f2: [4] });
    expect(d.message).toContain('step 3');
  });

  it('counts a failing run that skips a step the passing runs all took', () => {
    const d = diverge([seq('p', ['a.1', 'a.2', 'a.3'], true), seq('f', ['a.1', 'a.3'], false)]);
    expect(d).toMatchObject({ row: 1, differing: ['f'] });
  });

  it('counts other key arguments to the same tool as a divergence', () => {
    const d = diverge([seq('p', ['f.get', 'f.change:DF204'], true), seq('f', ['f.get', 'f.change:DF310'], false)]);
    expect(d).toMatchObject({ row: 1, differing: ['f'] });
  });

  it('ignores steps where the passing runs disagree among themselves', () => {
    const d = diverge([
      seq('p1', ['a.1', 'a.2', 'a.3', 'a.4'], true),
      seq('p2', ['a.1', 'a.x', 'a.3', 'a.4'], true),
      seq('f', ['a.1', 'a.y', 'a.3', 'a.5'], false),
    ]);
    expect(d).toMatchObject({ mode: 'pass-vs-fail', row: 3, differing: ['f'] });
  });

  it('says the failure is not in the tool calls when passing and failing runs match', () => {
    const d = diverge([seq('p', ['a.1', 'a.2'], true), seq('f', ['a.1', 'a.2'], false)]);
    expect(d).toMatchObject({ mode: 'pass-vs-fail', row: null, differing: [], perRun: { f: null } });
    expect(d.message).toMatch(/not in the tool-call sequence/);
  });

  it('falls back to the first disagreement when every run failed', () => {
    const d = diverge([
      seq('f1', ['a.1', 'a.2', 'a.3'], false),
      seq('f2', ['a.1', 'a.2', 'a.9'], false),
      seq('f3', ['a.1', 'a.2', 'a.3'], false),
    ]);
    expect(d).toMatchObject({ mode: 'all-failed', row: 2, differing: ['f2'] });
    expect(d.message).toMatch(/Every run failed/);
  });

  it('falls back to the first disagreement when every run passed, or says they all match', () => {
    expect(diverge([seq('p1', ['a.1', 'a.2'], true), seq('p2', ['a.1'], true)])).toMatchObject({
      mode: 'all-passed',
      row: 1,
      differing: ['p2'],
    });
    expect(diverge([seq('p1', ['a.1'], true), seq('p2', ['a.1'], true)])).toMatchObject({
      mode: 'all-passed',
      row: null,
    });
  });

  it('treats a failing run with no tool calls as diverging at the first step', () => {
    expect(diverge([seq('p', ['a.1', 'a.2'], true), seq('empty', [], false)])).toMatchObject({
      row: 0,
      differing: ['empty'],
    });
  });

  it('has nothing to compare with one run or none', () => {
    expect(diverge([seq('only', ['a.1'], false)])).toMatchObject({ mode: 'single', row: null });
    expect(diverge([])).toMatchObject({ mode: 'empty', row: null });
  });
});
