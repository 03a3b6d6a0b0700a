import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { listRuns } from '@/lib/reflection/read-run';
import { listProposals } from '@/lib/review/list-proposals';
import { createActor, ensureTask, uid } from '../helpers/factories';
import { failedRecord, seedRecords } from '../helpers/failed-trajectories';

describe('keyset paging of long lists', () => {
  it('pages the queue with after/before cursors exactly like the numbered pages, without repeating or skipping an item', async () => {
    const benchmark = `keyset-${uid()}`;
    await seedRecords(Array.from({ length: 7 }, (_, i) => failedRecord({ benchmark, model: 'alpha', taskId: `K${i}` })));
    const a = await createActor('ANNOTATOR');
    const ids = async (q: Record<string, unknown>) => (await listQueue(a, { benchmark, pageSize: 3, ...q })).items.map((i) => i.trajectoryId);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];

    const first = await listQueue(a, { benchmark, pageSize: 3 });
    const second = await listQueue(a, { benchmark, pageSize: 3, page: 2, after: first.cursors.after });
    const third = await listQueue(a, { benchmark, pageSize: 3, page: 3, after: second.cursors.after });
    expect([first, second, third].map((p) => p.items.map((i) => i.trajectoryId))).toEqual(byOffset);
    expect(third.items).toHaveLength(1);
    // Back from page 3 lands on page 2 in list order.
    expect(await ids({ page: 2, before: third.cursors.before })).toEqual(byOffset[1]);
    expect(second).toMatchObject({ total: 7, page: 2, pageCount: 3 });
  });

  it('pages the review inbox newest first with cursors, ties on the same second broken by id', async () => {
    const reviewer = await createActor('REVIEWER');
    const ability = `keyset-${uid()}`;
    const at = new Date('2026-06-01T12:00:00.000Z');
    for (let i = 0; i < 5; i++) {
      // Two pairs share a timestamp: the cursor must carry the id as well.
      await prisma.proposal.create({ data: { cardKind: 'SKILL', ability, operation: 'ADD_CARD', reason: `r${i}`, createdAt: new Date(at.getTime() + Math.floor(i / 2) * 1000) } });
    }
    const ids = async (q: Record<string, unknown>) => (await listProposals(reviewer, { ability, pageSize: 2, ...q })).items.map((p) => p.id);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];
    expect(byOffset.flat()).toHaveLength(5);
    expect(new Set(byOffset.flat()).size).toBe(5);

    const first = await listProposals(reviewer, { ability, pageSize: 2 });
    const second = await listProposals(reviewer, { ability, pageSize: 2, page: 2, after: first.cursors.after });
    const third = await listProposals(reviewer, { ability, pageSize: 2, page: 3, after: second.cursors.after });
    expect([first, second, third].map((p) => p.items.map((i) => i.id))).toEqual(byOffset);
    expect(await ids({ page: 2, before: third.cursors.before })).toEqual(byOffset[1]);
    expect(second).toMatchObject({ total: 5, pageCount: 3 });
  });

  it('pages a queue filtered to one model by cursor, in age order, with only that model\'s items', async () => {
    const benchmark = `keyset-${uid()}`;
    // Interleaved models: the filtered list must neither skip nor repeat, and "next" must take that model's oldest.
    await seedRecords(Array.from({ length: 8 }, (_, i) => failedRecord({ benchmark, model: i % 2 ? 'beta' : 'alpha', taskId: `M${i}` })));
    const a = await createActor('ANNOTATOR');
    const all = (await listQueue(a, { benchmark, pageSize: 20 })).items.filter((i) => i.model === 'beta').map((i) => i.trajectoryId);
    expect(all).toHaveLength(4);
    const first = await listQueue(a, { benchmark, model: 'beta', pageSize: 3 });
    const second = await listQueue(a, { benchmark, model: 'beta', pageSize: 3, page: 2, after: first.cursors.after });
    expect([...first.items, ...second.items].map((i) => i.trajectoryId)).toEqual(all);
    expect(first).toMatchObject({ total: 4, pageCount: 2 });
    expect((await listQueue(a, { benchmark, model: 'beta', pageSize: 3, page: 1, before: second.cursors.before })).items.map((i) => i.trajectoryId)).toEqual(all.slice(0, 3));
    expect(await claimNext(a, { benchmark, model: 'beta' })).toEqual({ trajectoryId: all[0] });
  });

  it('pages the reflection runs newest first with cursors like the numbered pages', async () => {
    const researcher = await createActor('RESEARCHER');
    const { id: taskId } = await ensureTask({ benchmark: `keyset-${uid()}`, externalId: 'runs/1' });
    const at = Date.parse('2026-06-01T12:00:00.000Z');
    for (let i = 0; i < 5; i++) await prisma.reflectionRun.create({ data: { taskId, provider: 'OFFLINE', status: 'SUCCEEDED', createdAt: new Date(at + Math.floor(i / 2) * 1000) } });
    const ids = async (q: Record<string, unknown>) => (await listRuns(researcher, { taskId, pageSize: 2, ...q })).items.map((r) => r.id);
    const byOffset = [await ids({ page: 1 }), await ids({ page: 2 }), await ids({ page: 3 })];
    expect(new Set(byOffset.flat()).size).toBe(5);
    const first = await listRuns(researcher, { taskId, pageSize: 2 });
    const second = await listRuns(researcher, { taskId, pageSize: 2, page: 2, after: first.cursors.after ?? undefined });
    const third = await listRuns(researcher, { taskId, pageSize: 2, page: 3, after: second.cursors.after ?? undefined });
    expect([first, second, third].map((p) => p.items.map((r) => r.id))).toEqual(byOffset);
    expect(await ids({ page: 2, before: third.cursors.before ?? undefined })).toEqual(byOffset[1]);
    expect(third).toMatchObject({ total: 5, page: 3, pageCount: 3 });
  });

  it('refuses a cursor that is not a list position, naming the parameter', async () => {
    const reviewer = await createActor('REVIEWER');
    await expect(listProposals(reviewer, { after: 'not-a-cursor' })).rejects.toThrow(/after/);
    const a = await createActor('ANNOTATOR');
    await expect(listQueue(a, { before: Buffer.from('yesterday~x').toString('base64url') })).rejects.toThrow(/before/);
  });
});
