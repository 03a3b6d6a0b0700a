import pg from 'pg';
import { sharedConnection } from './connections';
import { connectionSizes } from './pool-settings';

/**
 * The pool every PostgreSQL-backed rate limiter of the console shares
 * (rate-limiter-flexible's store, the "rate_limit" table): sign-in and token
 * throttles (lib/auth/login-throttle.ts) and the OTLP receiver's.
 */
export function rateLimitPool(): pg.Pool {
  return sharedConnection(
    'rate-limit',
    (url) => {
      const pool = new pg.Pool({ connectionString: url, max: connectionSizes().rateLimit, idleTimeoutMillis: 10_000 });
      // An idle client's connection can end (PostgreSQL restarting or stopping: Ctrl-C stops the embedded
      // one before the web server). Without a listener node-postgres raises that as an uncaught exception;
      // the pool drops the client and the next use opens a new connection.
      pool.on('error', (err: Error & { code?: string }) => {
        // 57P01: terminated by the administrator (a shutdown); not worth a stack dump.
        if (err.code !== '57P01') console.error('[rate-limit] idle connection lost:', err.message);
      });
      return pool;
    },
    (pool) => pool.end(),
  );
}
