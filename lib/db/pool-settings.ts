import { setting } from '@/lib/env';

/**
 * How long an idle pooled connection stays open, for both pools of a process
 * (Prisma's node-postgres pool and the `postgres` read pool). node-postgres
 * closes one after 10 s by default; at a load that rises and falls (a busy
 * minute, a quiet one) every rise then waited on new PostgreSQL backends and
 * on re-preparing the list statements on them: at 50 connections the first
 * 1–2 s of a bench:api run answered at 4–5× the median.
 */
export const POOL_IDLE_SECONDS = 300;

export const poolSize = () => setting('DATABASE_POOL_SIZE');
// The short-statement read pool (lib/db/sql.ts, readSql): few connections, pipelined.
export const readPoolSize = () => setting('DATABASE_READ_POOL_SIZE');
export const readPipeline = () => setting('DATABASE_READ_PIPELINE');
