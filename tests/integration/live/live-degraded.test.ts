import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { ensureListener } from '@/lib/live/listener';
import { openLiveStream } from '@/lib/live/live-stream';
import { databaseOutage, type DatabaseOutage } from '../../helpers/database-outage';
import { createActor } from '../../helpers/factories';
import { streamReader } from '../../helpers/live-stream-reader';

let outage: DatabaseOutage;

beforeAll(async () => {
  // Before anything connects: the listener and every pool go through the relay.
  outage = await databaseOutage(process.env.DATABASE_URL!);
  process.env.DATABASE_URL = outage.url;
});
afterAll(async () => {
  await outage.restore().catch(() => undefined);
  await disconnectDatabase();
  await outage.close();
});

describe('an open live stream while PostgreSQL goes down and comes back', () => {
  it('says degraded, then recovered and resync, instead of staying silent', async () => {
    const reviewer = await createActor('REVIEWER');
    await ensureListener();
    const res = await openLiveStream(reviewer, 'proposals', new AbortController().signal);
    const { stream, readUntil } = streamReader(res);
    await readUntil(/event: ready/);
    expect(stream.text).not.toContain('event: degraded');
    await outage.cut();
    // The listener's probe notices within a probe interval or two (PROBE_EVERY_MS).
    await readUntil(/event: degraded/);
    await outage.restore();
    await readUntil(/event: recovered[\s\S]*event: resync/);
    expect(stream.text.match(/event: degraded/g)).toHaveLength(1);
    expect(stream.text.match(/event: recovered/g)).toHaveLength(1);
  }, 60_000);
});
