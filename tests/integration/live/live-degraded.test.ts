import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { ensureListener } from '@/lib/live/listener';
import { openLiveStream } from '@/lib/live/live-stream';
import { databaseOutage, type DatabaseOutage } from '../../helpers/database-outage';
import { createActor } from '../../helpers/factories';

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
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(text)) text += decoder.decode((await reader.read()).value);
    };
    await readUntil(/event: ready/);
    expect(text).not.toContain('event: degraded');
    await outage.cut();
    // The listener's probe notices within a probe interval or two (PROBE_EVERY_MS).
    await readUntil(/event: degraded/);
    await outage.restore();
    await readUntil(/event: recovered[\s\S]*event: resync/);
    expect(text.match(/event: degraded/g)).toHaveLength(1);
    expect(text.match(/event: recovered/g)).toHaveLength(1);
  }, 60_000);
});
