import { afterAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import type { LiveChange } from '@/lib/live/channels';
import { closeListener, ensureListener, onLiveChange } from '@/lib/live/listener';
import { openLiveStream } from '@/lib/live/live-stream';
import { notifyChange } from '@/lib/live/notify';
import { createActor } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';
import { streamReader } from '../../helpers/live-stream-reader';

afterAll(() => closeListener());

function collect(channel: LiveChange['channel']) {
  const seen: LiveChange[] = [];
  const off = onLiveChange(channel, (c) => c !== 'resync' && seen.push(c));
  return { seen, off };
}

describe('live updates through LISTEN/NOTIFY', () => {
  it('tells listeners when a run is created or changes status, once the transaction commits', async () => {
    await ensureListener();
    const { seen, off } = collect('runs');
    const run = await prisma.reflectionRun.create({ data: { provider: 'OFFLINE', batchId: 'b-live' } });
    await waitFor('the insert notification', async () => seen.find((c) => c.id === run.id && c.status === 'QUEUED'));
    await prisma.reflectionRun.update({ where: { id: run.id }, data: { status: 'RUNNING' } });
    await waitFor('the status notification', async () =>
      seen.find((c) => c.id === run.id && c.status === 'RUNNING' && c.batchId === 'b-live'),
    );
    off();
  });

  it('says nothing about a change that was rolled back', async () => {
    await ensureListener();
    const { seen, off } = collect('imports');
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.importJob.create({ data: { status: 'RUNNING', source: 'CLI', fileName: 'rolled-back.jsonl' } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // A marker sent after the rollback arrives; the rolled-back insert never does.
    await notifyChange(prisma, { channel: 'imports', id: 'marker' });
    await waitFor('the marker', async () => seen.find((c) => c.id === 'marker'));
    expect(seen.filter((c) => c.id !== 'marker')).toEqual([]);
    off();
  });

  it('streams ready, then each change on the channels the caller may read, as server-sent events', async () => {
    const reviewer = await createActor('REVIEWER');
    const abort = new AbortController();
    const res = await openLiveStream(reviewer, 'runs,batches', abort.signal);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const { stream, readUntil } = streamReader(res);
    await readUntil(/event: ready/);
    const run = await prisma.reflectionRun.create({ data: { provider: 'OFFLINE', batchId: 'b-sse' } });
    await readUntil(new RegExp(`event: change\\ndata: \\{"channel":"batches","id":"${run.id}"`));
    expect(stream.text).toContain(`"channel":"runs","id":"${run.id}"`);
    abort.abort();
  });

  it('refuses a channel the caller may not read, and names unknown channels', async () => {
    const annotator = await createActor('ANNOTATOR');
    await expect(openLiveStream(annotator, 'proposals', new AbortController().signal)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(openLiveStream(annotator, 'runs', new AbortController().signal)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(openLiveStream(annotator, 'queue,gossip', new AbortController().signal)).rejects.toMatchObject({
      code: 'VALIDATION',
      message: expect.stringContaining('gossip'),
    });
  });

  it('notifies the queue channel for a statement that touches pendingCount, so cached queue sizes are dropped', async () => {
    await ensureListener();
    const { seen, off } = collect('queue');
    await prisma.$executeRaw`UPDATE "Trajectory" SET "pendingCount" = "pendingCount" WHERE false`;
    await waitFor('the queue notification', async () => seen.length > 0);
    off();
  });
});
