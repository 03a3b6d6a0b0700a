import { Prisma } from '@prisma/client';
import { AppError } from '@/lib/errors';

/**
 * Database errors that say "busy, try again" rather than "this request is
 * wrong": a deadlock, a lock or statement that waited too long, a transaction
 * that outlived its timeout, no free connection. Under load or behind a long
 * admin action (a change of overlap k recounts a whole benchmark) they are
 * expected, and the request that met one was rolled back; answering them 500
 * "Internal error" told the caller neither that nor what to do. They are
 * answered 503 with Retry-After instead (lib/http/route.ts), so the console
 * says to try again and a script can back off.
 */
const SQLSTATE_REASON: Record<string, string> = {
  '40001': 'it conflicted with a change made at the same time', // serialization_failure
  '40P01': 'it deadlocked with a change made at the same time', // deadlock_detected
  '55P03': 'it waited too long for a lock held by another change', // lock_not_available (lock_timeout)
  '57014': 'it ran longer than the database allows', // query_canceled (statement_timeout)
  '53300': 'the database has no free connections', // too_many_connections
  '57P01': 'the database is restarting', // admin_shutdown
  '57P03': 'the database is starting up', // cannot_connect_now
};

const PRISMA_REASON: Record<string, string> = {
  P2024: 'no database connection became free in time', // connection pool timeout
  P2028: 'its transaction ran out of time', // interactive transaction expired or could not start
  P2034: 'it conflicted with a change made at the same time', // write conflict or deadlock
};

const RETRY_AFTER_SECONDS = 2;

type WithCode = { code?: unknown; cause?: unknown; meta?: unknown };
const codeOf = (v: unknown): string | undefined =>
  typeof v === 'object' && v && typeof (v as WithCode).code === 'string' ? ((v as WithCode).code as string) : undefined;

/**
 * The PostgreSQL SQLSTATE behind an error from either driver: the `postgres`
 * package's PostgresError carries it as `code`; Prisma over the pg adapter
 * throws the adapter's error (its `cause.code`) for model queries and wraps it
 * as P2010 (`meta.driverAdapterError.cause.code`) for raw ones.
 */
export function sqlStateOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || !err) return undefined;
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    const adapter = (err.meta as { driverAdapterError?: WithCode } | undefined)?.driverAdapterError;
    return codeOf(adapter?.cause);
  }
  const { name, cause } = err as { name?: unknown; cause?: unknown };
  if (name === 'DriverAdapterError') return codeOf(cause);
  if (name === 'PostgresError') return codeOf(err);
  return undefined;
}

/**
 * Why the database could not be reached at all, or undefined. PostgreSQL down (stopped,
 * restarting, its host gone) raises no SQLSTATE: the `postgres` package throws the socket's
 * error (ECONNREFUSED, ECONNRESET, ENOENT for a missing Unix socket) or its own
 * CONNECTION_CLOSED; Prisma throws P1001 and friends, or the adapter's DatabaseNotReachable.
 * Without this every API answered 500 INTERNAL while PostgreSQL was down, and the client's
 * retry on 503 never started.
 */
// A socket's error codes, which count only on a socket (a file's ENOENT is not a database that is down).
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOENT',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const SOCKET_CALLS = new Set(['connect', 'read', 'write']);
const UNREACHABLE_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'P1001', // can't reach the database server
  'P1002', // reached but timed out
  'P1017', // the server closed the connection
]);
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout']);

export function unreachableDatabase(err: unknown): boolean {
  for (let e = err, depth = 0; typeof e === 'object' && e && depth < 5; depth++) {
    const { code, kind, meta, cause, message, syscall } = e as WithCode & {
      kind?: unknown;
      message?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof code === 'string' && SOCKET_CODES.has(code) && SOCKET_CALLS.has(syscall as string)) return true;
    if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) return true;
    // SQLSTATE class 08: connection exception.
    if (sqlStateOf(e)?.startsWith('08')) return true;
    // node-postgres when the server went away mid-connection (no code of its own).
    if (typeof message === 'string' && /^Connection terminated( unexpectedly)?$/.test(message)) return true;
    e = (meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError ?? cause;
  }
  return false;
}

const UNREACHABLE_RETRY_AFTER_SECONDS = 5;

/** The 503 to answer for a transient database error, or null if `err` is not one. */
export function transientDatabaseError(err: unknown): AppError | null {
  if (unreachableDatabase(err))
    return new AppError('UNAVAILABLE', 'The database cannot be reached right now. Try again in a moment.', [], {
      retryAfterSeconds: UNREACHABLE_RETRY_AFTER_SECONDS,
      reason: 'DATABASE_UNAVAILABLE',
    });
  const prismaCode = err instanceof Prisma.PrismaClientKnownRequestError ? err.code : undefined;
  const state = sqlStateOf(err);
  const why = (prismaCode && PRISMA_REASON[prismaCode]) ?? (state && SQLSTATE_REASON[state]);
  if (!why) return null;
  return new AppError('UNAVAILABLE', `The database could not finish this request: ${why}. Try again in a moment.`, [], {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
    reason: 'DATABASE_BUSY',
  });
}
