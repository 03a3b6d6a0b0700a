import { afterAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { compactDashboardCells } from '@/lib/dashboard/compact-cells';
import type { LiveChange } from '@/lib/live/channels';
import { closeListener, ensureListener, onLiveChange } from '@/lib/live/listener';
import { notifyChange } from '@/lib/live/notify';
import { createUser, seedTrajectory, uid } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';

afterAll(() => closeListener());

/** How many `dashboard` notifications `write` caused: a marker sent after it arrives after them (NOTIFY keeps commit order). */
async function notificationsOf(write: () => Promise<unknown>): Promise<number> {
  await ensureListener();
  const seen: LiveChange[] = [];
  const off = onLiveChange('dashboard', (c) => c !== 'resync' && seen.push(c));
  try {
    await write();
    const marker = `marker-${uid()}`;
    await notifyChange(prisma, { channel: 'dashboard', id: marker });
    await waitFor('the marker', async () => seen.some((c) => c.id === marker));
    return seen.filter((c) => !c.id).length;
  } finally {
    off();
  }
}

describe('an open dashboard hears about changes to its figures', () => {
  const bench = `live-dash-${uid()}`;

  it('is told once per import statement, submitted diagnosis, proposal and review decision', async () => {
    let trajectory = { id: '', checkpoints: [] as { id: string; passed: boolean }[] };
    expect(
      await notificationsOf(
        async () =>
          (trajectory = await seedTrajectory({
            benchmark: bench,
            taskExternalId: 'x/1',
            model: 'm-live',
            checkpoints: { c0: false },
          })),
      ),
    ).toBeGreaterThan(0);

    const annotator = await createUser('ANNOTATOR');
    const failed = trajectory.checkpoints.find((c) => !c.passed)!;
    expect(
      await notificationsOf(() =>
        prisma.diagnosis.create({
          data: {
            trajectoryId: trajectory.id,
            checkpointResultId: failed.id,
            authorId: annotator.id,
            status: 'SUBMITTED',
            submittedAt: new Date(),
          },
        }),
      ),
    ).toBe(1);

    const reviewer = await createUser('REVIEWER');
    let proposal = { id: '' };
    // Waited for like every write here: a notification still on its way would be counted for the next one.
    expect(
      await notificationsOf(
        async () =>
          (proposal = await prisma.proposal.create({
            data: { cardKind: 'SKILL', ability: 'airline', operation: 'ADD_CARD', reason: 'r' },
          })),
      ),
    ).toBe(1);
    expect(
      await notificationsOf(() =>
        prisma.review.create({ data: { proposalId: proposal.id, reviewerId: reviewer.id, decision: 'APPROVED' } }),
      ),
    ).toBe(1);
  });

  it('is not told when the cube is only compacted (no figure changes)', async () => {
    expect(await notificationsOf(() => compactDashboardCells())).toBe(0);
  });
});
