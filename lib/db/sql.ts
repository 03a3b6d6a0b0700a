import { Prisma } from '@prisma/client';
import postgres from 'postgres';
import { env } from '@/lib/env';
import { POOL_IDLE_SECONDS, readPoolSize } from './pool-settings';

/**
 * The read path of the list endpoints: the `postgres` package with named
 * prepared statements, next to the one Prisma client that does everything else.
 *
 * Why a second driver: profiled at 100k trajectories, a queue page spent more
 * PostgreSQL CPU planning its statement (2–5 ms, every request: Prisma's
 * adapter sends unnamed statements) than running it (~1 ms), and the Node side
 * spent a fifth of its time turning rows into objects through Prisma's query
 * engine. A prepared statement is planned once per connection (PostgreSQL then
 * keeps a generic plan when it is as good) and its rows are decoded by the
 * driver directly.
 *
 * Statements are still written with `Prisma.sql` (the same fragments the
 * domain code composes); `queryRows` runs one. Rows come back as Prisma's
 * `$queryRaw` returns them: int8 as bigint, `timestamp` (UTC without a zone,
 * as Prisma stores it) as a Date, json parsed. Not for use inside a Prisma
 * transaction: this pool does not see its uncommitted rows. A write may run
 * here only as one statement that is the whole transaction (it commits on its
 * own, as take next's lock + claim + audit statement does); everything else
 * writes through Prisma.
 */
const globalForSql = globalThis as unknown as { __readSql?: { url: string; sql: postgres.Sql } };

// Prisma stores `DateTime` as `timestamp(3)` holding UTC; read it as UTC whatever the process's zone.
const timestampUtc = {
  to: 1114,
  from: [1114],
  serialize: (d: Date | string) => (d instanceof Date ? d.toISOString() : d),
  parse: (s: string) => new Date(`${s.replace(' ', 'T')}Z`),
};

/**
 * One statement per connection at a time. By default `postgres` pipelines up
 * to 100 statements onto each busy connection, assigned round-robin when sent,
 * so a slow statement (a cached count being refreshed, a deep OFFSET page)
 * held up every statement queued behind it on its connection while others
 * sat idle: at 50 connections, the first 1–2 s of each bench:api run answered
 * at 4–8× the median. Without pipelining, waiting statements form one queue
 * and go to whichever connection frees first. (`max_pipeline` is a runtime
 * option its type declarations do not list.)
 */
const noPipelining = { max_pipeline: 1 } as object;

export function readSql(): postgres.Sql {
  const url = env().DATABASE_URL;
  if (globalForSql.__readSql?.url !== url) {
    const sql = postgres(url, {
      ...noPipelining,
      max: readPoolSize(),
      idle_timeout: POOL_IDLE_SECONDS,
      onnotice: () => undefined,
      // Date parameters are sent as timestamptz; compared with a UTC `timestamp` column they must convert in UTC.
      connection: { TimeZone: 'UTC', application_name: 'memory-console-read' },
      types: { bigint: postgres.BigInt, timestampUtc },
    });
    globalForSql.__readSql = { url, sql };
  }
  return globalForSql.__readSql.sql;
}

/** Closes the read pool (command-line tools and tests call this before PostgreSQL stops). */
export async function closeReadPool(): Promise<void> {
  const p = globalForSql.__readSql;
  globalForSql.__readSql = undefined;
  await p?.sql.end({ timeout: 5 });
}

// `postgres` sends a JS array as an array parameter only when told its type: array parameters must be cast
// in the statement (`${ids}::text[]`), and the type is read from there.
const ARRAY_OIDS: Record<string, number> = { text: 1009, int: 1007, boolean: 1000, float8: 1022 };

/** Values for `text`'s parameters, with JS arrays bound as typed PostgreSQL arrays. */
export function bindArrays(sql: Pick<postgres.Sql, 'array'>, text: string, values: unknown[]): postgres.ParameterOrJSON<never>[] {
  if (!values.some(Array.isArray)) return values as postgres.ParameterOrJSON<never>[];
  const types = new Map([...text.matchAll(/\$(\d+)::(\w+)\[\]/g)].map((m) => [Number(m[1]) - 1, ARRAY_OIDS[m[2]]]));
  return values.map((v, i) => {
    if (!Array.isArray(v)) return v;
    const oid = types.get(i);
    if (!oid) throw new Error(`SQL: array parameter $${i + 1} needs a ::text[], ::int[], ::boolean[] or ::float8[] cast`);
    return sql.array(v, oid);
  }) as postgres.ParameterOrJSON<never>[];
}

/**
 * A validated page size or offset written into the statement text. As a
 * parameter, PostgreSQL's generic plan cannot know the page is 25 rows, costs
 * it as a large slice, and so re-plans the statement on every call (custom plans).
 */
export function literalInt(n: number): Prisma.Sql {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`SQL: ${n} is not a row count`);
  return Prisma.raw(String(n));
}

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` typed by a user taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs one statement built with `Prisma.sql` as a prepared statement, in its
 * own implicit transaction; rows typed by the caller. Reads, or a write that
 * is complete in this one statement (see above).
 */
export async function queryRows<T>(query: Prisma.Sql): Promise<T[]> {
  const sql = readSql();
  const rows = await sql.unsafe(query.text, bindArrays(sql, query.text, query.values), { prepare: true });
  return rows as unknown as T[];
}
