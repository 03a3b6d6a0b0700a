import { describe, expect, it } from 'vitest';
import { assignCheckpointAnchors, type AnchorCall, type ExpectedAction } from '@/lib/trajectories/anchor-checkpoints';
import { closestCallRecord, passedCallRecord } from '../helpers/anchor-runs';

const cp = (key: string, passed: boolean, args: Record<string, unknown>, tool = 'search'): ExpectedAction => ({
  key,
  passed,
  tool,
  arguments: args,
  compared: null,
});
const at = (position: number, args: Record<string, unknown>, tool = 'app.search'): AnchorCall => ({
  position,
  tool,
  arguments: args,
});

describe('assigning checkpoint anchors', () => {
  it('compares a failed checkpoint with the closest call of its tool, not the first', () => {
    const a = assignCheckpointAnchors(
      [cp('x', false, { from: 'A', to: 'B', day: 1 })],
      [at(3, { from: 'B', to: 'A', day: 0 }), at(4, { to: 'B', from: 'A', day: 2 })],
    ).get('x')!;
    expect(a).toMatchObject({ eventIndex: 4, exact: false, differing: ['day'], sharedWith: [] });
    expect(a.candidates).toEqual([
      { position: 4, differing: ['day'], passedKeys: [] },
      { position: 3, differing: ['day', 'from', 'to'], passedKeys: [] },
    ]);
  });

  it('keeps a failed checkpoint off a call that passed another one while another call exists', () => {
    const anchors = assignCheckpointAnchors(
      [cp('fail', false, { id: 'R2', n: 1 }), cp('pass', true, { id: 'R1', n: 1 })],
      [at(2, { id: 'R1', n: 1 }), at(5, { id: 'R2', n: 3 }), at(7, { id: 'R9', n: 9 })],
    );
    expect(anchors.get('pass')).toMatchObject({ eventIndex: 2, exact: true });
    expect(anchors.get('fail')).toMatchObject({ eventIndex: 5, differing: ['n'], sharedWith: [] });
    // The call that passed "pass" is still a candidate of "fail", and says so.
    expect(anchors.get('fail')!.candidates).toContainEqual({ position: 2, differing: ['id'], passedKeys: ['pass'] });
  });

  it('falls back to a passed call when it is the only one, naming the checkpoint it passed', () => {
    const anchors = assignCheckpointAnchors(
      [cp('fail', false, { id: 'R2' }), cp('pass', true, { id: 'R1' })],
      [at(2, { id: 'R1' })],
    );
    expect(anchors.get('fail')).toMatchObject({ eventIndex: 2, differing: ['id'], sharedWith: ['pass'] });
  });

  it('gives two failed checkpoints of one tool two different calls, closest pair first', () => {
    const anchors = assignCheckpointAnchors(
      [cp('a', false, { id: 'R1', n: 2 }), cp('b', false, { id: 'R2', n: 2 })],
      [at(1, { id: 'R2', n: 1 }), at(3, { id: 'R1', n: 1 })],
    );
    expect(anchors.get('a')!.eventIndex).toBe(3);
    expect(anchors.get('b')!.eventIndex).toBe(1);
  });

  it('compares only the arguments the benchmark compares, and ignores key order and other tools', () => {
    const anchors = assignCheckpointAnchors(
      [{ ...cp('x', false, { id: 'R1', note: 'a' }), compared: ['id'] }],
      [at(1, { id: 'R1', note: 'b' }, 'app.other'), at(2, { note: 'zzz', id: 'R1' })],
    );
    expect(anchors.get('x')).toMatchObject({ eventIndex: 2, exact: true, differing: [] });
  });

  it('leaves a checkpoint whose tool is never called unanchored', () => {
    expect(assignCheckpointAnchors([cp('x', false, {})], [at(1, {}, 'app.other')]).get('x')).toEqual({
      eventIndex: null,
      exact: false,
      differing: [],
      sharedWith: [],
      candidates: [],
    });
  });
});

describe('the real cases, reproduced through the τ²-bench adapter', () => {
  const result = (r: ReturnType<typeof closestCallRecord>, key: string) => r.checkpoints!.find((c) => c.id === key)!;

  it('airline/33: 33_2 is compared with #11 (only the date differs), not the first search at #10', () => {
    const r = closestCallRecord();
    expect(r.events[10]).toMatchObject({ tool: 'airline.search_direct_flight', arguments: { date: '2024-05-20' } });
    expect(r.events[11]).toMatchObject({ tool: 'airline.search_direct_flight', arguments: { date: '2024-05-23' } });
    expect(result(r, '33_2')).toMatchObject({ passed: false, event_index: 11 });
    expect(result(r, '33_2').note).toBe(
      'No call of airline.search_direct_flight by the agent with the expected arguments; the closest differs in date.',
    );
    expect(result(r, '33_3')).toMatchObject({ passed: true, event_index: 16 });
  });

  it('gpt-5.4 airline/7: failed 7_3 is not anchored to #22, the call that passed 7_4', () => {
    const r = passedCallRecord();
    expect(r.events[22]).toMatchObject({ tool: 'airline.update_reservation_baggages' });
    expect(result(r, '7_4')).toMatchObject({ passed: true, event_index: 22 });
    expect(result(r, '7_3')).toMatchObject({ passed: false, event_index: 26 });
    // Without the retry, #22 is all there is.
    expect(result(passedCallRecord('airline', { retry: false }), '7_3')).toMatchObject({ event_index: 22 });
  });
});
