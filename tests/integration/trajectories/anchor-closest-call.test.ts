import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { anchorDomain, closestCallRecord, passedCallRecord, seedAnchorRuns } from '../../helpers/anchor-runs';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

const OLD_NOTE =
  'No call of airline.search_direct_flight by the agent with the expected arguments; anchored to its first call, whose arguments differ.';

describe('the call a checkpoint is compared with, on the trajectory page', () => {
  it('re-anchors a run imported under the first-call rule to the closest call, with every candidate', async () => {
    const domain = anchorDomain();
    const [id] = await seedAnchorRuns([closestCallRecord(domain)]);
    // As the importer stored it before: 33_2 on the first search, with the note of that rule.
    await prisma.checkpointResult.updateMany({
      where: { trajectoryId: id, checkpoint: { key: '33_2' } },
      data: { eventIndex: 10, note: OLD_NOTE },
    });
    const view = await getTrajectory(await createActor('ANNOTATOR'), id);
    const c = view.checkpoints.find((x) => x.key === '33_2')!;
    expect(c).toMatchObject({
      eventIndex: 11,
      anchoredCall: { tool: `${domain}.search_direct_flight`, arguments: { date: '2024-05-23' } },
      note: `No call of airline.search_direct_flight by the agent with the expected arguments; the closest differs in date.`,
    });
    expect(c.candidates.map((x) => [x.position, x.differing, x.passedKeys])).toEqual([
      [11, ['date'], []],
      [10, ['date', 'destination', 'origin'], []],
    ]);
    // Passed checkpoints keep their matching call.
    expect(view.checkpoints.find((x) => x.key === '33_3')).toMatchObject({ eventIndex: 16, passed: true });
  });

  it('keeps failed 7_3 off the call that passed 7_4, and says so when that call is the only one', async () => {
    const domain = anchorDomain();
    const [retry, only] = await seedAnchorRuns([passedCallRecord(domain), passedCallRecord(domain, { retry: false })]);
    // Stored as the first-call rule had it: both on #22.
    await prisma.checkpointResult.updateMany({
      where: { trajectoryId: { in: [retry, only] }, checkpoint: { key: '7_3' } },
      data: { eventIndex: 22 },
    });
    const actor = await createActor('ANNOTATOR');
    const a = (await getTrajectory(actor, retry)).checkpoints.find((x) => x.key === '7_3')!;
    expect(a.eventIndex).toBe(26);
    expect(a.candidates.map((x) => [x.position, x.passedKeys])).toEqual([
      [26, []],
      [22, ['7_4']],
    ]);
    const b = (await getTrajectory(actor, only)).checkpoints.find((x) => x.key === '7_3')!;
    expect(b.eventIndex).toBe(22);
    expect(b.candidates).toMatchObject([{ position: 22, differing: ['reservation_id'], passedKeys: ['7_4'] }]);
  });

  it('keeps the anchor the source gave when the run never calls the expected tool, with the call there', async () => {
    const record = failedRecord({ benchmark: `anchor-${uid()}`, events: 8 });
    record.task.checkpoints = record.task.checkpoints!.map((c) =>
      c.id === 'cp_0' ? { ...c, description: 'Expected call cancel_reservation(reservation_id="R1")' } : c,
    );
    const [id] = await seedRecords([record]);
    const view = await getTrajectory(await createActor('ANNOTATOR'), id);
    expect(view.checkpoints.find((x) => x.key === 'cp_0')).toMatchObject({
      eventIndex: 1,
      anchoredCall: { tool: 'airline.get_reservation' },
      candidates: [],
    });
  });
});
