import { beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { coverage } from '@/lib/dashboard/coverage';
import { createUser, seedTrajectory, uid } from '../../helpers/factories';

const here = `claims-here-${uid()}`;
const elsewhere = `claims-elsewhere-${uid()}`;
let holder: { id: string };

beforeAll(async () => {
  holder = await createUser('ANNOTATOR');
  const inHere = await seedTrajectory({
    benchmark: here,
    taskExternalId: 'x/1',
    model: 'm-claims',
    checkpoints: { c0: false },
  });
  const other1 = await seedTrajectory({
    benchmark: elsewhere,
    taskExternalId: 'y/1',
    model: 'm-claims',
    checkpoints: { c0: false },
  });
  const other2 = await seedTrajectory({
    benchmark: elsewhere,
    taskExternalId: 'y/2',
    model: 'm-claims',
    checkpoints: { c0: false },
  });
  const expiresAt = new Date(Date.now() + 3_600_000);
  for (const t of [inHere, other1, other2])
    await prisma.queueClaim.create({ data: { trajectoryId: t.id, userId: holder.id, expiresAt } });
});

describe('progress per annotator on a filtered dashboard', () => {
  it('counts only the queue items held on the filtered trajectories', async () => {
    expect((await coverage({ benchmark: here })).byAnnotator.find((a) => a.userId === holder.id)).toMatchObject({
      submitted: 0,
      drafts: 0,
      claimed: 1,
    });
    expect((await coverage({ benchmark: elsewhere })).byAnnotator.find((a) => a.userId === holder.id)).toMatchObject({
      claimed: 2,
    });
  });

  it('leaves out an annotator whose only held items are outside the filters', async () => {
    expect(
      (await coverage({ benchmark: here, model: 'another-model' })).byAnnotator.find((a) => a.userId === holder.id),
    ).toBeUndefined();
  });
});
