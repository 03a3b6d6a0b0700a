import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { readSql } from '@/lib/db/sql';
import { errorResponse } from '@/lib/http/route';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { uid } from '../../helpers/factories';
import { holdTrajectoryRow } from '../../helpers/lock-waits';

/** The error a piece of work rejects with (fails the test if it succeeds). */
async function errorOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => expect.fail('expected the work to fail'),
    (e: unknown) => e,
  );
}

let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

async function expectBusy(err: unknown, why: RegExp) {
  const res = errorResponse(err);
  // Logged as a warning with the database's own words, not as an error with a stack.
  expect(warn).toHaveBeenCalledWith(expect.stringMatching(why));
  expect(error).not.toHaveBeenCalled();
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('2');
  const body = (await res.json()).error;
  expect(body).toMatchObject({ code: 'UNAVAILABLE', reason: 'DATABASE_BUSY' });
  expect(body.message).toMatch(why);
  expect(body.message).toMatch(/Try again in a moment/);
}

describe('database errors that mean "busy, try again"', () => {
  it('answers a deadlock 503 with Retry-After, whichever of the two transactions PostgreSQL picks', async () => {
    const [a, b] = await seedRecords([
      failedRecord({ benchmark: `dl-${uid()}` }),
      failedRecord({ benchmark: `dl-${uid()}` }),
    ]);
    let aLocked!: () => void;
    let bLocked!: () => void;
    const aHeld = new Promise<void>((r) => (aLocked = r));
    const bHeld = new Promise<void>((r) => (bLocked = r));
    // Each locks its own row, then the other's: raw SQL on one side, a model update on the other (both error shapes).
    const results = await Promise.allSettled([
      prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM "Trajectory" WHERE id = ${a} FOR UPDATE`;
          aLocked();
          await bHeld;
          await tx.$queryRaw`SELECT id FROM "Trajectory" WHERE id = ${b} FOR UPDATE`;
        },
        { timeout: 20_000 },
      ),
      prisma.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM "Trajectory" WHERE id = ${b} FOR UPDATE`;
          bLocked();
          await aHeld;
          await tx.trajectory.update({ where: { id: a }, data: { pendingCount: { increment: 0 } } });
        },
        { timeout: 20_000 },
      ),
    ]);
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    await expectBusy(failed[0].reason, /deadlocked with a change made at the same time/);
  });

  it('answers a transaction that outlived its timeout 503', async () => {
    const err = await errorOf(
      prisma.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT pg_sleep(0.3)`;
        },
        { timeout: 50 },
      ),
    );
    await expectBusy(err, /its transaction ran out of time/);
  });

  it('answers a lock timeout 503', async () => {
    const [id] = await seedRecords([failedRecord({ benchmark: `lt-${uid()}` })]);
    const row = await holdTrajectoryRow(id);
    const err = await errorOf(
      prisma.$transaction(async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '100ms'`;
        await tx.trajectory.update({ where: { id }, data: { pendingCount: { increment: 0 } } });
      }),
    );
    await row.release();
    await expectBusy(err, /waited too long for a lock/);
  });

  it('answers a statement timeout on the list driver (the postgres package) 503', async () => {
    const err = await errorOf(
      readSql().begin(async (sql) => {
        await sql`SET LOCAL statement_timeout = '50ms'`;
        await sql`SELECT pg_sleep(1)`;
      }),
    );
    await expectBusy(err, /ran longer than the database allows/);
  });

  it('keeps answering other database errors 500 without details', async () => {
    const err = await errorOf(prisma.$executeRaw`SELECT * FROM "NoSuchTable"`);
    const res = errorResponse(err);
    expect(res.status).toBe(500);
    expect(res.headers.get('retry-after')).toBeNull();
    expect((await res.json()).error).toMatchObject({ code: 'INTERNAL', message: 'Internal error; see the server log' });
    expect(error).toHaveBeenCalledWith(err);
  });
});
