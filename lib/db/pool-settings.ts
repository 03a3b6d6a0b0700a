import { setting } from '@/lib/env';

/**
 * How long an idle pooled connection stays open, for both pools of a process
 * (Prisma's node-postgres pool and the `postgres` read pool). node-postgres
 * closes one after 10 s by default; at a load that rises and falls (a busy
 * minute, a quiet one) every rise then waited on new PostgreSQL backends and
 * on re-preparing the list statements on them (docs/database.md "Read paths").
 */
export const POOL_IDLE_SECONDS = 300;

export const poolSize = () => setting('DATABASE_POOL_SIZE');
// The short-statement read pool (lib/db/sql.ts, readSql): few connections, pipelined.
export const readPoolSize = () => setting('DATABASE_READ_POOL_SIZE');
export const readPipeline = () => setting('DATABASE_READ_PIPELINE');

/**
 * The size of every pool and client of a process, in one table: what an
 * operator adds up against PostgreSQL's max_connections (docs/operating.md
 * "Connections"). Three are settings; the rest are small fixed numbers that
 * only change with the code that uses them.
 */
export const connectionSizes = () => ({
  /** Prisma over node-postgres: everything that is not one of the below (lib/db/prisma.ts). */
  prisma: poolSize(),
  /** Short statements of the list pages, pipelined (lib/db/sql.ts readSql). */
  read: readPoolSize(),
  /** Statements that may run long (counts, facets), never pipelined (lib/db/sql.ts longSql). */
  long: 2,
  /** Import batches (COPY inside a transaction): imports are few and each runs one transaction at a time. */
  import: 2,
  /** The LISTEN connection of the live updates. */
  listen: 1,
  /** The rate-limit counters (sign-in, API tokens, OTLP). */
  rateLimit: 3,
  /** pg-boss in a process that only sends jobs, and in a worker (which also fetches and supervises). */
  jobQueueSender: 2,
  jobQueueWorker: 4,
  // Not pooled, so not here: one advisory-lock session per worker process and per running import (lib/db/lock-session.ts).
});
