/**
 * Find inside a trajectory: the server searches every event (the timeline only
 * draws and loads what is on screen), in content, tool-call arguments and tool
 * names, case-insensitively and literally, in position order with snippets.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { findEvents } from '@/lib/trajectories/find-events';
import { createActor } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

describe('find in a trajectory', () => {
  it('finds text in content, arguments and tool names of any event, far down a 5,000-event run', async () => {
    const record = failedRecord({
      benchmark: 'find-events',
      events: 5000,
      content: (i) => (i === 4200 ? `{"note": "${'x'.repeat(80)} Baggage 100%_off here"}` : `{"row": ${i}}`),
    });
    record.events[4001] = {
      source: 'agent',
      type: 'tool_call',
      tool: 'airline.book',
      arguments: { note: 'baggage allowance' },
      call_id: 'b1',
    };
    const [id] = await seedRecords([record]);
    const actor = await createActor('ANNOTATOR');

    const found = await findEvents(actor, id, { q: 'BAGGAGE' });
    expect(found.total).toBe(2);
    expect(found.matches.map((m) => [m.position, m.field, m.type])).toEqual([
      [4001, 'arguments', 'TOOL_CALL'],
      [4200, 'content', 'OBSERVATION'],
    ]);
    const snippet = found.matches[1];
    // Cut around the match, which starts at `at` in the snippet.
    expect(snippet.snippet.length).toBeLessThanOrEqual(160);
    expect(snippet.snippet.slice(snippet.at, snippet.at + 7)).toBe('Baggage');

    // % and _ are text, not wildcards.
    expect((await findEvents(actor, id, { q: '100%_off' })).matches.map((m) => m.position)).toEqual([4200]);
    expect((await findEvents(actor, id, { q: '1%0' })).total).toBe(0);
    expect((await findEvents(actor, id, { q: 'airline.book' })).matches[0]).toMatchObject({ position: 4001 });
    // Every tool call of the run names this tool: the count is the total, the list is capped.
    const many = await findEvents(actor, id, { q: 'get_reservation' });
    expect(many.total).toBe(2498);
    expect(many.matches).toHaveLength(1000);
  });

  it('says what is wrong with the query, and that an unknown trajectory is not there', async () => {
    const actor = await createActor('ANNOTATOR');
    const [id] = await seedRecords([failedRecord({ benchmark: 'find-events-bad' })]);
    await expect(findEvents(actor, id, { q: '   ' })).rejects.toThrow(/the text to find \(q\) is empty/);
    await expect(findEvents(actor, id, {})).rejects.toThrow(/q\) is required/);
    await expect(findEvents(actor, 'nope', { q: 'x' })).rejects.toBeInstanceOf(AppError);
  });
});
