import { describe, expect, it } from 'vitest';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { listEvents } from '@/lib/trajectories/list-events';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

describe('trajectory view for the annotator workspace', () => {
  it("returns the task header, ordered checkpoints and the same task's other attempts", async () => {
    const benchmark = `view-${uid()}`;
    const [a, b, c] = await seedRecords([
      failedRecord({ benchmark, taskId: 'shared', model: 'alpha', failed: 1, passed: 2 }),
      failedRecord({ benchmark, taskId: 'shared', model: 'beta', failed: 0, passed: 3 }),
      failedRecord({ benchmark, taskId: 'other', model: 'gamma' }),
    ]);
    const view = await getTrajectory(await createActor('RESEARCHER'), a);
    expect(view).toMatchObject({
      model: 'alpha',
      passed: false,
      failedCount: 1,
      pendingCount: 1,
      task: { externalId: 'shared', benchmark },
    });
    expect(view.checkpoints.map((x) => [x.key, x.passed, x.eventIndex])).toEqual([
      ['cp_0', false, 1],
      ['cp_1', true, 2],
      ['cp_2', true, 3],
    ]);
    expect(view.checkpoints[0].note).toBe('evaluator: cp_0 not met');
    expect(view.siblings).toEqual([{ id: b, model: 'beta', agent: null, trial: null, passed: true }]);
    expect(view.siblings.map((s) => s.id)).not.toContain(c);
    await expect(getTrajectory(await createActor('ANNOTATOR'), 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves events in windows by position and refuses oversized windows', async () => {
    const [id] = await seedRecords([failedRecord({ benchmark: `win-${uid()}`, events: 1200 })]);
    const actor = await createActor('ANNOTATOR');
    const win = await listEvents(actor, id, { offset: '1000', limit: '300' });
    expect(win.total).toBe(1200);
    expect(win.events.map((e) => e.position)).toEqual(Array.from({ length: 200 }, (_, i) => 1000 + i));
    expect(win.events.at(-1)).toMatchObject({ type: 'FINAL', source: 'AGENT' });
    expect((await listEvents(actor, id, {})).events).toHaveLength(200);
    await expect(listEvents(actor, id, { limit: '5000' })).rejects.toThrow(/limit/);
  });

  it('returns each event whole, an empty window past the end with the total, and 404 for an unknown trajectory', async () => {
    const [id] = await seedRecords([failedRecord({ benchmark: `win-${uid()}`, events: 4 })]);
    const actor = await createActor('ANNOTATOR');
    const win = await listEvents(actor, id, { offset: '0', limit: '3' });
    expect(win).toEqual({
      offset: 0,
      limit: 3,
      total: 4,
      events: [
        {
          position: 0,
          source: 'USER',
          type: 'MESSAGE',
          tool: null,
          arguments: null,
          callId: null,
          content: 'Please fix my booking.',
          error: false,
          contentCut: null,
        },
        {
          position: 1,
          source: 'AGENT',
          type: 'TOOL_CALL',
          tool: 'airline.get_reservation',
          arguments: { reservation_id: 'R1' },
          callId: 'c1',
          content: null,
          error: false,
          contentCut: null,
        },
        {
          position: 2,
          source: 'ENVIRONMENT',
          type: 'OBSERVATION',
          tool: null,
          arguments: null,
          callId: 'c1',
          content: '{"id":"R1"}',
          error: false,
          contentCut: null,
        },
      ],
    });
    expect(await listEvents(actor, id, { offset: '50' })).toEqual({ offset: 50, limit: 200, total: 4, events: [] });
    await expect(listEvents(actor, 'no-such-trajectory', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listEvents(actor, id, { offset: '99999999999' })).rejects.toThrow(/offset/);
  });
});
