import { describe, expect, it } from 'vitest';
import { alignToolCalls, type AlignmentSequence } from '@/lib/contrast/align-tool-calls';
import { differingArguments, divergenceDetails } from '@/lib/contrast/divergence-details';
import { findDivergence } from '@/lib/contrast/find-divergence';

const run = (id: string, passed: boolean, calls: [string, Record<string, unknown>][]): AlignmentSequence => ({
  id,
  passed,
  steps: calls.map(([tool, args], i) => ({ tool, arguments: args, position: i * 2 })),
});

function details(runs: AlignmentSequence[]) {
  const alignment = alignToolCalls(runs);
  const passed = Object.fromEntries(runs.map((r) => [r.id, r.passed === true]));
  return divergenceDetails(alignment, findDivergence(alignment, passed), passed);
}

const booking = { user_id: 'mia', cabin: 'economy', total_baggages: 1, message: 'x'.repeat(120) };

describe('how a failing run differs from the passing runs at the first divergence', () => {
  it('names the differing key arguments with the consensus value and the run’s value, leaving equal and free-text ones out', () => {
    const d = details([
      run('p1', true, [
        ['air.get', { id: 1 }],
        ['air.book', booking],
      ]),
      run('p2', true, [
        ['air.get', { id: 1 }],
        ['air.book', { ...booking, message: 'y'.repeat(120) }],
      ]),
      run('f', false, [
        ['air.get', { id: 1 }],
        ['air.book', { ...booking, total_baggages: 0, message: 'z'.repeat(90) }],
      ]),
    ]);
    expect(d).toEqual([
      {
        trajectoryId: 'f',
        kind: 'arguments',
        consensusTool: 'air.book',
        actualTool: 'air.book',
        consensus: { total_baggages: 1 },
        actual: { total_baggages: 0 },
      },
    ]);
  });

  it('says when the run skips the consensus call, calls another tool, or makes an extra call', () => {
    expect(
      details([
        run('p', true, [
          ['a.list', {}],
          ['a.read', { id: 2 }],
          ['a.send', {}],
        ]),
        run('f', false, [
          ['a.list', {}],
          ['a.send', {}],
        ]),
      ]),
    ).toMatchObject([{ kind: 'missing', consensusTool: 'a.read', actualTool: null }]);
    expect(
      details([
        run('p', true, [
          ['a.list', {}],
          ['a.read', {}],
        ]),
        run('f', false, [
          ['a.list', {}],
          ['a.delete', {}],
        ]),
      ]),
    ).toMatchObject([{ kind: 'other-tool', consensusTool: 'a.read', actualTool: 'a.delete' }]);
    expect(
      details([
        run('p', true, [
          ['a.list', {}],
          ['a.send', {}],
        ]),
        run('f', false, [
          ['a.list', {}],
          ['a.undo', {}],
          ['a.send', {}],
        ]),
      ]),
    ).toMatchObject([{ kind: 'extra', consensusTool: null, actualTool: 'a.undo' }]);
  });

  it('has nothing to say without both passing and failing runs', () => {
    expect(details([run('f1', false, [['a.x', {}]]), run('f2', false, [['a.y', {}]])])).toEqual([]);
  });

  it('compares nested values regardless of key order and reports a key only one side has', () => {
    expect(differingArguments({ legs: [{ a: 1, b: 2 }], x: 1 }, { legs: [{ b: 2, a: 1 }], y: 2 })).toEqual({
      consensus: { x: 1, y: null },
      actual: { x: null, y: 2 },
    });
  });
});
