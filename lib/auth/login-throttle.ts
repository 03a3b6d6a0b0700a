import type pg from 'pg';
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimitPool } from '@/lib/db/rate-limit-pool';
import { AppError } from '@/lib/errors';
import { waitText } from '@/lib/text/wait-text';

/**
 * Guessing defence for sign-in and API tokens, shared by every replica (the
 * counters live in PostgreSQL, table "rate_limit", through rate-limiter-flexible).
 *
 * - Per account: the first FREE_ACCOUNT_FAILURES wrong passwords are answered
 *   401; each further one blocks the account's sign-in for a growing time
 *   (2 s, 4 s, 8 s … capped at MAX_BLOCK_S) and is answered 429 + Retry-After.
 *   A correct password during a block is refused too (otherwise the block
 *   would only slow the guesser down, not stop them); after the wait it works
 *   and clears the count.
 * - Per client address: the same with a larger allowance, so one address
 *   cannot try a few passwords on every account.
 * - Invalid bearer tokens per client address: the first FREE_TOKEN_FAILURES per
 *   10 minutes are answered 401, then 429 until the window passes.
 *
 * Failures are forgotten a day after the last one (FAIL_WINDOW_S).
 */
export const FREE_ACCOUNT_FAILURES = 5;
export const FREE_ADDRESS_FAILURES = 20;
export const FREE_TOKEN_FAILURES = 30;
const FAIL_WINDOW_S = 24 * 3600;
const TOKEN_WINDOW_S = 600;
const MAX_BLOCK_S = 15 * 60;
const TABLE = 'rate_limit';

type Limiters = {
  pool: pg.Pool;
  failures: RateLimiterPostgres;
  blocks: RateLimiterPostgres;
  tokens: RateLimiterPostgres;
};
const globalForThrottle = globalThis as unknown as { __loginThrottle?: Limiters };

function limiters(): Limiters {
  const pool = rateLimitPool();
  if (globalForThrottle.__loginThrottle?.pool === pool) return globalForThrottle.__loginThrottle;
  // The table comes from the migrations (tableCreated), so no CREATE TABLE at run time.
  const common = {
    storeClient: pool,
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
  } as const;
  const made: Limiters = {
    pool,
    failures: new RateLimiterPostgres({
      ...common,
      keyPrefix: 'login-fail',
      points: 1_000_000,
      duration: FAIL_WINDOW_S,
    }),
    blocks: new RateLimiterPostgres({ ...common, keyPrefix: 'login-block', points: 1, duration: MAX_BLOCK_S }),
    tokens: new RateLimiterPostgres({
      ...common,
      keyPrefix: 'bad-token',
      points: FREE_TOKEN_FAILURES,
      duration: TOKEN_WINDOW_S,
    }),
  };
  globalForThrottle.__loginThrottle = made;
  return made;
}

/**
 * The store every PostgreSQL-backed limiter of the console shares (one small pool, the "rate_limit"
 * table), for throttles outside sign-in (the OTLP receiver's, lib/otlp/ingest-throttle.ts).
 */
export function sharedRateLimitStore() {
  return {
    storeClient: rateLimitPool(),
    storeType: 'pool',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
  } as const;
}

export type LoginSubject = { email: string; address: string };

const keysOf = (s: LoginSubject) => [`account:${s.email.trim().toLowerCase()}`, `address:${s.address}`];

function tooMany(seconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', `Too many ${what}. Try again in ${waitText(seconds)}.`, [], {
    retryAfterSeconds: seconds,
  });
}

/** Refuses a sign-in while the account or the address is blocked (before the password is checked). */
export async function assertLoginAllowed(s: LoginSubject): Promise<void> {
  const { blocks } = limiters();
  const states = await Promise.all(keysOf(s).map((k) => blocks.get(k)));
  const waits = states
    .filter((r): r is RateLimiterRes => !!r && r.consumedPoints > 1)
    .map((r) => Math.ceil(r.msBeforeNext / 1000));
  if (waits.length) throw tooMany(Math.max(1, ...waits), 'failed sign-ins');
}

/** Seconds of block after the n-th consecutive failure, given the free allowance. */
export function blockSeconds(n: number, free: number): number {
  return n <= free ? 0 : Math.min(MAX_BLOCK_S, 2 ** (n - free));
}

/** Counts a wrong password; returns the block it earned (0 while still within the allowance). */
export async function recordLoginFailure(s: LoginSubject): Promise<number> {
  const { failures, blocks } = limiters();
  const [account, address] = keysOf(s);
  const [a, b] = await Promise.all([failures.penalty(account, 1), failures.penalty(address, 1)]);
  const waits = [
    [account, blockSeconds(a.consumedPoints, FREE_ACCOUNT_FAILURES)],
    [address, blockSeconds(b.consumedPoints, FREE_ADDRESS_FAILURES)],
  ] as const;
  await Promise.all(waits.filter(([, secs]) => secs > 0).map(([key, secs]) => blocks.block(key, secs)));
  return Math.max(...waits.map(([, secs]) => secs));
}

/** A correct sign-in clears the account's count (the address keeps its own). */
export async function recordLoginSuccess(s: LoginSubject): Promise<void> {
  const { failures, blocks } = limiters();
  const [account] = keysOf(s);
  await Promise.all([failures.delete(account), blocks.delete(account)]);
}

/** Refuses bearer tokens from an address that sent too many invalid ones recently. */
export async function assertTokenAllowed(address: string): Promise<void> {
  const res = await limiters().tokens.get(`address:${address}`);
  if (res && res.consumedPoints >= FREE_TOKEN_FAILURES)
    throw tooMany(Math.max(1, Math.ceil(res.msBeforeNext / 1000)), 'invalid API tokens from your address');
}

export async function recordTokenFailure(address: string): Promise<void> {
  await limiters().tokens.penalty(`address:${address}`, 1);
}

/**
 * The caller's address: the first X-Forwarded-For entry (Next's server sets it
 * from the socket when no proxy did; behind a proxy, the proxy must overwrite
 * the header rather than append to what the client sent).
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip') || 'unknown';
}
