import { afterAll, describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { closeListener, ensureListener } from '@/lib/live/listener';
import { openLiveStream } from '@/lib/live/live-stream';
import { notifyChange } from '@/lib/live/notify';
import { updateUser } from '@/lib/users/manage-users';
import { createActor, createUser } from '../../helpers/factories';
import { streamReader } from '../../helpers/live-stream-reader';

afterAll(() => closeListener());

/** An open stream of `actor`'s and a way to read it until a pattern or its end. */
async function openStream(actor: Actor, channels = 'proposals') {
  const res = await openLiveStream(actor, channels, new AbortController().signal);
  const { stream, readUntil } = streamReader(res);
  await readUntil(() => stream.text.includes('event: ready'));
  return { stream, readUntil };
}

const asActor = (u: Awaited<ReturnType<typeof createUser>>): Actor => ({
  userId: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  via: 'session',
});

describe('a live stream of a user whose access ends', () => {
  it('says ended and closes when the user is deactivated; other users’ streams stay open', async () => {
    await ensureListener();
    const admin = await createActor('ADMIN');
    const reviewer = asActor(await createUser('REVIEWER'));
    const bystander = asActor(await createUser('REVIEWER'));
    const theirs = await openStream(reviewer);
    const other = await openStream(bystander);
    await updateUser(admin, reviewer.userId, { active: false });
    await theirs.readUntil(() => false);
    expect(theirs.stream.closed).toBe(true);
    expect(theirs.stream.text).toContain('event: ended\ndata: {"reason":"ACCESS_CHANGED"}');
    expect(other.stream.closed).toBe(false);
  });

  it('ends when the user’s role changes, not when only their name does', async () => {
    await ensureListener();
    const admin = await createActor('ADMIN');
    const reviewer = asActor(await createUser('REVIEWER'));
    const s = await openStream(reviewer);
    await updateUser(admin, reviewer.userId, { name: 'Renamed Reviewer' });
    // A change notified after the rename still reaches the stream: the rename ended nothing.
    await notifyChange(prisma, { channel: 'proposals', id: 'after-rename' });
    await s.readUntil(() => s.stream.text.includes('after-rename'));
    expect(s.stream.text).not.toContain('event: ended');
    await updateUser(admin, reviewer.userId, { role: 'ANNOTATOR' });
    await s.readUntil(() => false);
    expect(s.stream.text.match(/event: ended/g)).toHaveLength(1);
    expect(s.stream.closed).toBe(true);
  });
});
