import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import {
  assertLoginAllowed,
  FREE_ACCOUNT_FAILURES,
  FREE_ADDRESS_FAILURES,
  FREE_TOKEN_FAILURES,
} from '@/lib/auth/login-throttle';
import { actorFromSession, login } from '@/lib/users/sessions';
import type { AppError } from '@/lib/errors';
import { createUser, uid } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';

const attempt = (email: string, password: string, address: string) =>
  login(email, password, address).then(
    () => ({ code: 'OK', retryAfter: 0, message: '' }),
    (err: AppError) => ({ code: err.code, retryAfter: err.options?.retryAfterSeconds ?? 0, message: err.message }),
  );

// Asks without counting an attempt.
const blockPassed = (email: string, address: string) => () =>
  assertLoginAllowed({ email, address }).then(
    () => true,
    () => false,
  );

describe('login throttling', () => {
  it('answers 401 to the first few wrong passwords for an account, then 429 with a Retry-After that grows; a correct login after the wait works', async () => {
    const user = await createUser('ANNOTATOR', { password: 'right-password' });
    const address = `10.0.${uid()}`;
    const results = [];
    for (let i = 0; i < 30; i++) results.push(await attempt(user.email, 'wrong', address));
    expect(results.slice(0, FREE_ACCOUNT_FAILURES).every((r) => r.code === 'UNAUTHENTICATED')).toBe(true);
    const throttled = results.slice(FREE_ACCOUNT_FAILURES);
    expect(throttled.every((r) => r.code === 'RATE_LIMITED' && r.retryAfter >= 1)).toBe(true);
    expect(throttled[0].message).toMatch(/Try again in \d+ seconds?/);

    // Even the right password waits out the block.
    expect((await attempt(user.email, 'right-password', address)).code).toBe('RATE_LIMITED');
    const first = throttled[0].retryAfter;
    // After the wait, a wrong password earns a longer block.
    await waitFor('the first block to pass', blockPassed(user.email, address), (first + 5) * 1000);
    const next = await attempt(user.email, 'wrong', address);
    expect(next.code).toBe('RATE_LIMITED');
    expect(next.retryAfter).toBeGreaterThan(first);

    await waitFor('the second block to pass', blockPassed(user.email, address), (next.retryAfter + 5) * 1000);
    const ok = await login(user.email, 'right-password', address);
    expect((await actorFromSession(ok.token))?.userId).toBe(user.id);
    // Success clears the account's count: a new typo is a plain 401 again.
    expect((await attempt(user.email, 'wrong', address)).code).toBe('UNAUTHENTICATED');
  });

  it('throttles one address trying passwords across many accounts, without blocking those accounts elsewhere', async () => {
    const address = `10.1.${uid()}`;
    const users = await Promise.all(
      Array.from({ length: 6 }, () => createUser('ANNOTATOR', { password: 'right-password' })),
    );
    const codes: string[] = [];
    for (let i = 0; i <= FREE_ADDRESS_FAILURES; i++)
      codes.push((await attempt(users[i % users.length].email, 'wrong', address)).code);
    expect(codes.slice(0, FREE_ADDRESS_FAILURES).every((c) => c === 'UNAUTHENTICATED')).toBe(true);
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect((await attempt(users[0].email, 'right-password', address)).code).toBe('RATE_LIMITED');
    // The account itself signs in from another address (it had fewer than the free failures).
    expect((await attempt(users[0].email, 'right-password', `10.2.${uid()}`)).code).toBe('OK');
  });

  it('shares the counts through the database, so every replica sees the same block', async () => {
    const { prisma } = await import('@/lib/db/prisma');
    const user = await createUser('ANNOTATOR', { password: 'right-password' });
    for (let i = 0; i <= FREE_ACCOUNT_FAILURES; i++) await attempt(user.email, 'wrong', `10.3.${uid()}`);
    const rows = await prisma.rateLimit.findMany({ where: { key: { contains: user.email } } });
    expect(rows.map((r) => r.key).sort()).toEqual([
      `login-block:account:${user.email}`,
      `login-fail:account:${user.email}`,
    ]);
  });

  it(`refuses bearer tokens from an address after ${FREE_TOKEN_FAILURES} invalid ones`, async () => {
    const { assertTokenAllowed, recordTokenFailure } = await import('@/lib/auth/login-throttle');
    const address = `10.4.${uid()}`;
    for (let i = 0; i < FREE_TOKEN_FAILURES; i++) {
      await assertTokenAllowed(address);
      await recordTokenFailure(address);
    }
    await expect(assertTokenAllowed(address)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      options: { retryAfterSeconds: expect.any(Number) },
    });
    await expect(assertTokenAllowed(`10.5.${uid()}`)).resolves.toBeUndefined();
  });
  it('survives its idle store connection being terminated (PostgreSQL stopping), and the next login check reconnects', async () => {
    const address = `10.9.${uid()}`;
    await assertLoginAllowed({ email: `idle-${uid()}@x.test`, address });
    const pool = (globalThis as unknown as { __loginThrottle: { pool: pg.Pool } }).__loginThrottle.pool;
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    client.release();
    const before = pool.totalCount;
    // What a shutdown does to an idle connection. Without an error listener on the pool this is an
    // uncaught exception (the process dies; vitest fails the run).
    await prisma.$executeRaw`SELECT pg_terminate_backend(${rows[0].pid}::int)`;
    await waitFor('the pool to drop the terminated client', async () => pool.totalCount < before);
    await expect(assertLoginAllowed({ email: `idle-${uid()}@x.test`, address })).resolves.toBeUndefined();
  });
});
