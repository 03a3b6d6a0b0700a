import { Prisma } from '@prisma/client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { literalInt, longSql, queryRows, readSql } from '@/lib/db/sql';
import {
  cachedUntilChanged,
  CACHED_KEYS_MAX,
  countWithCache,
  EXACT_UP_TO,
  pageAndTotal,
  shortPage,
} from '@/lib/live/large-count';
import { closeListener, ensureListener, listenerIsLive, onLiveChange, PROBE_EVERY_MS } from '@/lib/live/listener';
import { notifyChange } from '@/lib/live/notify';
import { waitFor } from '../../helpers/wait-for';

// A plain table without triggers: only an explicit notification tells the cache about its changes.
const FROM = Prisma.sql`large_count_rows`;

async function addRows(n: number) {
  await prisma.$executeRaw`INSERT INTO large_count_rows SELECT g FROM generate_series(1, ${n}::int) g`;
}

async function notifyAndWait(key: string) {
  await ensureListener();
  let heard = false;
  const off = onLiveChange('queue', (c) => {
    if (c !== 'resync' && c.id === key) heard = true;
  });
  await notifyChange(prisma, { channel: 'queue', id: key });
  await waitFor('the queue notification', async () => heard);
  off();
}

beforeAll(async () => {
  await prisma.$executeRaw`CREATE TABLE large_count_rows (n int)`;
  await prisma.$executeRaw`CREATE TABLE page_total_rows (n int)`;
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => closeListener());

describe('a list page and its total', () => {
  const PAGE = 10;
  const count = (key: string) => ({ invalidatedBy: ['queue' as const], key, from: Prisma.sql`page_total_rows` });
  const read = (offset: number) => () =>
    queryRows<{ n: number }>(
      Prisma.sql`SELECT n FROM page_total_rows ORDER BY n LIMIT ${literalInt(PAGE)} OFFSET ${literalInt(offset)}`,
    );
  const statements = () => vi.spyOn(readSql(), 'unsafe');

  it('takes the total from a first page shorter than a page, without a count statement', async () => {
    await prisma.$executeRaw`INSERT INTO page_total_rows SELECT g FROM generate_series(1, 7) g`;
    const sent = statements();
    const [rows, total] = await pageAndTotal(count('page-short'), read(0), shortPage(PAGE));
    expect(rows).toHaveLength(7);
    expect(total).toEqual({ count: 7, cached: false });
    expect(sent).toHaveBeenCalledTimes(1);
    await prisma.$executeRaw`DELETE FROM page_total_rows`;
  });

  it('counts when the first page is full, and on a later page even if it is short', async () => {
    await prisma.$executeRaw`INSERT INTO page_total_rows SELECT g FROM generate_series(1, ${PAGE + 3}::int) g`;
    const sent = statements();
    const [first, fullTotal] = await pageAndTotal(count('page-full'), read(0), shortPage(PAGE));
    expect([first.length, fullTotal.count]).toEqual([PAGE, PAGE + 3]);
    const [second, laterTotal] = await pageAndTotal(count('page-full'), read(PAGE), null);
    expect([second.length, laterTotal.count]).toEqual([3, PAGE + 3]);
    expect(sent).toHaveBeenCalledTimes(4);
    await prisma.$executeRaw`DELETE FROM page_total_rows`;
  });

  it('serves a cached large total beside the page without counting again', async () => {
    await prisma.$executeRaw`INSERT INTO page_total_rows SELECT g FROM generate_series(1, ${EXACT_UP_TO + 20}::int) g`;
    const [, counted] = await pageAndTotal(count('page-large'), read(0), shortPage(PAGE));
    expect(counted).toEqual({ count: EXACT_UP_TO + 20, cached: false });
    const sent = statements();
    const long = vi.spyOn(longSql(), 'unsafe');
    const [rows, total] = await pageAndTotal(count('page-large'), read(0), shortPage(PAGE));
    expect([rows.length, total]).toEqual([PAGE, { count: EXACT_UP_TO + 20, cached: true }]);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(long).not.toHaveBeenCalled();
    await prisma.$executeRaw`DELETE FROM page_total_rows`;
  });
});

describe('cached counts of large lists', () => {
  it('counts a small set exactly on every call', async () => {
    await addRows(10);
    expect(await countWithCache(['queue'], 'small', FROM)).toEqual({ count: 10, cached: false });
    await addRows(5);
    expect(await countWithCache(['queue'], 'small', FROM)).toEqual({ count: 15, cached: false });
    await prisma.$executeRaw`DELETE FROM large_count_rows`;
  });

  it('serves a large count from the cache until a change is notified, then many concurrent callers share one recount', async () => {
    await addRows(EXACT_UP_TO + 500);
    expect(await countWithCache(['queue'], 'large', FROM)).toEqual({ count: EXACT_UP_TO + 500, cached: false });
    await addRows(7);
    expect(await countWithCache(['queue'], 'large', FROM)).toEqual({ count: EXACT_UP_TO + 500, cached: true });

    await notifyAndWait('large-change');
    const queries = vi.spyOn(longSql(), 'unsafe');
    const answers = await Promise.all(Array.from({ length: 20 }, () => countWithCache(['queue'], 'large', FROM)));
    expect(answers.map((a) => a.count)).toEqual(Array(20).fill(EXACT_UP_TO + 507));
    // One count for twenty requests (each used to run its own).
    expect(queries).toHaveBeenCalledTimes(1);
    expect(await countWithCache(['queue'], 'large', FROM)).toEqual({ count: EXACT_UP_TO + 507, cached: true });
  });

  it('forgets the least recently used keys beyond CACHED_KEYS_MAX and computes them again, keeping the ones in use', async () => {
    const computed = new Map<string, number>();
    const ask = (i: number) => {
      const key = `lru-${i}`;
      return cachedUntilChanged(['queue'], key, async () => computed.set(key, (computed.get(key) ?? 0) + 1).size);
    };
    await ask(0);
    await ask(1);
    // As many new keys again as the cache holds; key 1 is asked for along the way, key 0 never.
    for (let i = 2; i <= CACHED_KEYS_MAX; i++) {
      if (i % 100 === 0) expect((await ask(1)).cached).toBe(true);
      await ask(i);
    }
    expect((await ask(0)).cached).toBe(false);
    expect(computed.get('lru-0')).toBe(2);
    expect((await ask(1)).cached).toBe(true);
    expect(computed.get('lru-1')).toBe(1);
  });

  it('keeps serving a count past the age limit, without recounting, while the listener hears PostgreSQL', async () => {
    await addRows(EXACT_UP_TO + 1);
    await notifyAndWait('listener-live');
    expect(listenerIsLive()).toBe(true);
    const counted = await countWithCache(['queue'], 'live', FROM);
    await addRows(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    const queries = vi.spyOn(longSql(), 'unsafe');
    expect(await countWithCache(['queue'], 'live', FROM)).toEqual({ count: counted.count, cached: true });
    expect(queries).not.toHaveBeenCalled();
  });

  it('once the listener has been silent, answers an aged count at once with the previous value and recounts once in the background', async () => {
    await countWithCache(['queue'], 'aged', FROM);
    const before = (await countWithCache(['queue'], 'aged', FROM)).count;
    await addRows(3);
    vi.useFakeTimers({ toFake: ['Date'] });
    // Nothing heard for a minute (as far as this process can tell): notifications may have been missed.
    vi.setSystemTime(Date.now() + 60_000);
    expect(listenerIsLive()).toBe(false);
    const queries = vi.spyOn(longSql(), 'unsafe');
    const stale = await Promise.all(Array.from({ length: 10 }, () => countWithCache(['queue'], 'aged', FROM)));
    expect(stale.every((a) => a.cached && a.count === before)).toBe(true);
    await waitFor(
      'the background recount',
      async () => (await countWithCache(['queue'], 'aged', FROM)).count === before + 3,
    );
    expect(queries).toHaveBeenCalledTimes(1);
  });

  it('a listener that has heard nothing for a while probes PostgreSQL and counts as live again once its probe arrives', async () => {
    // Last in this file: its probe leaves the listener's last-heard time on the moved clock.
    await ensureListener();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    expect(listenerIsLive()).toBe(false);
    // The probe timer runs on real time (every PROBE_EVERY_MS); only the clock it reads is moved.
    await waitFor('the probe to come back', async () => listenerIsLive(), PROBE_EVERY_MS * 3);
  });
});
