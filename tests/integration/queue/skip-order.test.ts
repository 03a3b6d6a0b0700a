import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { claimNext } from '@/lib/queue/claim-next';
import { skipItem } from '@/lib/queue/skip-item';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

const next = async (actor: Awaited<ReturnType<typeof createActor>>, benchmark: string) =>
  (await claimNext(actor, { benchmark }))?.trajectoryId ?? null;

describe('skipping a queue item', () => {
  it("moves it to the end of the skipper's order only, recorded and audited", async () => {
    const benchmark = `skip-${uid()}`;
    const [a, b, c] = await seedRecords([1, 2, 3].map(() => failedRecord({ benchmark })));
    const me = await createActor('ANNOTATOR');
    const other = await createActor('ANNOTATOR');

    expect(await next(me, benchmark)).toBe(a);
    // "next" alone hands back the item you hold; a skip is the way out.
    expect(await next(me, benchmark)).toBe(a);
    await skipItem(me, { trajectoryId: a, reason: 'needs the airline policy, ask Sam' });
    expect(await prisma.queueClaim.findUnique({ where: { trajectoryId: a } })).toBeNull();
    expect(await next(me, benchmark)).toBe(b);

    // Another annotator's order is unchanged: the item I skipped is still their first.
    expect(await next(other, benchmark)).toBe(a);
    await skipItem(other, { trajectoryId: a });

    // I skip b and c too: then my skipped items come back, the one skipped longest ago first.
    await skipItem(me, { trajectoryId: b });
    expect(await next(me, benchmark)).toBe(c);
    await skipItem(me, { trajectoryId: c });
    expect(await next(me, benchmark)).toBe(a);

    const skips = await prisma.queueSkip.findMany({ where: { userId: me.userId }, orderBy: { skippedAt: 'asc' } });
    expect(skips.map((s) => [s.trajectoryId, s.reason])).toEqual([
      [a, 'needs the airline policy, ask Sam'],
      [b, null],
      [c, null],
    ]);
    const audit = await prisma.auditLog.findMany({
      where: { action: 'queue.skip', actorId: me.userId },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((e) => [e.entityId, e.after])).toEqual([
      [a, { reason: 'needs the airline policy, ask Sam' }],
      [b, { reason: null }],
      [c, { reason: null }],
    ]);
  });

  it('refuses an item someone else holds, naming them', async () => {
    const benchmark = `skip-held-${uid()}`;
    const [a] = await seedRecords([failedRecord({ benchmark })]);
    const holder = await createActor('ANNOTATOR');
    expect(await next(holder, benchmark)).toBe(a);
    const me = await createActor('ANNOTATOR');
    await expect(skipItem(me, { trajectoryId: a })).rejects.toThrow(/holds trajectory .* not you/);
    expect(await prisma.queueClaim.findUnique({ where: { trajectoryId: a } })).toMatchObject({
      userId: holder.userId,
    });
  });
});
