import { Prisma } from '@prisma/client';
import postgres from 'postgres';
import { sharedConnection } from './connections';
import { connectionSizes, POOL_IDLE_SECONDS, readPipeline } from './pool-settings';

/**
 * The read path of the list endpoints: the `postgres` package with named
 * prepared statements, next to the one Prisma client that does everything else.
 *
 * Why a second driver: profiled at 100k trajectories, a queue page spent more
 * PostgreSQL CPU planning its statement (on every request: Prisma's adapter
 * sends unnamed statements) than running it, and the Node side
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
// Prisma stores `DateTime` as `timestamp(3)` holding UTC; read it as UTC whatever the process's zone.
const timestampUtc = {
  to: 1114,
  from: [1114],
  serialize: (d: Date | string) => (d instanceof Date ? d.toISOString() : d),
  parse: (s: string) => new Date(`${s.replace(' ', 'T')}Z`),
};

/**
 * Both pools speak the same types; they differ in size and pipelining.
 * (`max_pipeline` is a runtime option its type declarations do not list.)
 */
function createPool(url: string, max: number, pipeline: number, name: string): postgres.Sql {
  return postgres(url, {
    ...({ max_pipeline: pipeline } as object),
    max,
    idle_timeout: POOL_IDLE_SECONDS,
    onnotice: () => undefined,
    // Date parameters are sent as timestamptz; compared with a UTC `timestamp` column they must convert in UTC.
    connection: { TimeZone: 'UTC', application_name: name },
    types: { bigint: postgres.BigInt, timestampUtc },
  });
}

const closePool = (sql: postgres.Sql) => sql.end({ timeout: 5 });

/**
 * The pool of short statements (a list page, the caller's lookup, take next):
 * DATABASE_READ_POOL_SIZE connections (default 3), each taking up to
 * DATABASE_READ_PIPELINE statements at once (default 4) when all are busy.
 *
 * Few connections, pipelined: at 50 concurrent requests on the 2-core bench
 * machine, 10 connections without pipelining served the queue at 501
 * requests/s and 3 pipelined ones at 646 (the no-op 870 → 962). Ten backends
 * on two cores mostly wait for each other, and every statement that has a
 * connection to itself is a wake-up of PostgreSQL and of Node; pipelined,
 * one wake-up carries several. What pipelining costs is that a statement
 * waits for the ones before it on its connection, so anything that can run
 * long (counts and aggregates over large sets) goes to `longSql` instead.
 */
export function readSql(): postgres.Sql {
  return sharedConnection(
    'read',
    (url) => createPool(url, connectionSizes().read, readPipeline(), 'memory-console-read'),
    closePool,
  );
}

/**
 * The pool of statements that may run long (a count over 50,000 queue rows,
 * facet aggregates): two connections, never pipelined, so they hold up
 * nothing but each other. They run when a cached figure is recomputed (lib/live/large-count.ts).
 */
export function longSql(): postgres.Sql {
  return sharedConnection(
    'long',
    (url) => createPool(url, connectionSizes().long, 1, 'memory-console-long'),
    closePool,
  );
}

// `postgres` sends a JS array as an array parameter only when told its type: array parameters must be cast
// in the statement (`${ids}::text[]`), and the type is read from there.
const ARRAY_OIDS: Record<string, number> = { text: 1009, int: 1007, boolean: 1000, float8: 1022 };

/** Values for `text`'s parameters, with JS arrays bound as typed PostgreSQL arrays. */
export function bindArrays(
  sql: Pick<postgres.Sql, 'array'>,
  text: string,
  values: unknown[],
): postgres.ParameterOrJSON<never>[] {
  if (!values.some(Array.isArray)) return values as postgres.ParameterOrJSON<never>[];
  const types = new Map([...text.matchAll(/\$(\d+)::(\w+)\[\]/g)].map((m) => [Number(m[1]) - 1, ARRAY_OIDS[m[2]]]));
  return values.map((v, i) => {
    if (!Array.isArray(v)) return v;
    const oid = types.get(i);
    if (!oid)
      throw new Error(`SQL: array parameter $${i + 1} needs a ::text[], ::int[], ::boolean[] or ::float8[] cast`);
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

/**
 * A value of a closed set (a zod-validated enum: a status, a kind) written
 * into the statement text, so each value has its own prepared statement,
 * planned for it. As a parameter, the plan for the value at hand can look
 * cheaper than the generic plan, and PostgreSQL then plans the statement
 * anew on every call (the card bank's default page, status ACTIVE, spent
 * longer binding than running).
 */
export function literalEnum<T extends string>(value: T, allowed: readonly T[]): Prisma.Sql {
  if (!allowed.includes(value) || !/^[A-Za-z_]+$/.test(value))
    throw new Error(`SQL: ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`);
  return Prisma.raw(`'${value}'`);
}

/**
 * A timestamp column (UTC, as Prisma stores it) as the ISO text that
 * Date.prototype.toISOString writes: the row's times go out as read, without a
 * Date per value on the way (Next.js patches the Date constructor, which makes
 * each one costly enough to show in a list's time).
 */
export const isoTime = (column: Prisma.Sql) => Prisma.sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A text parameter the planner may not plan for: a sub-select (`(SELECT
 * $n::text)`) is evaluated when the statement runs, after planning, so a plan
 * for the values at hand costs what the generic plan costs and PostgreSQL
 * keeps the generic plan of a prepared statement instead of planning it again
 * on every call. For the caller's id in the queue statements: planned for an
 * annotator who has diagnosed nothing, while another has diagnosed thousands,
 * the queue page looked cheaper than its generic plan, and PostgreSQL planned
 * it anew on every request, for longer than running it. Still an index
 * condition (`"authorId" = (InitPlan 1).col1`).
 */
export const unplannedText = (value: string): Prisma.Sql => Prisma.sql`(SELECT ${value}::text)`;

const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` typed by a user taken literally. */
export function containsPattern(text: string): string {
  return `%${literally(text)}%`;
}

/** A LIKE pattern matching what starts with `text`, taken literally (as Prisma's `startsWith`). */
export function prefixPattern(text: string): string {
  return `${literally(text)}%`;
}

function run<T>(sql: postgres.Sql, query: Prisma.Sql): Promise<T[]> {
  return sql.unsafe(query.text, bindArrays(sql, query.text, query.values), { prepare: true }) as unknown as Promise<
    T[]
  >;
}

/**
 * Runs one statement built with `Prisma.sql` as a prepared statement, in its
 * own implicit transaction; rows typed by the caller. Reads, or a write that
 * is complete in this one statement (see above). Short statements only: see readSql.
 */
export function queryRows<T>(query: Prisma.Sql): Promise<T[]> {
  return run<T>(readSql(), query);
}

/** queryRows for a statement that may run long (see longSql). */
export function queryLong<T>(query: Prisma.Sql): Promise<T[]> {
  return run<T>(longSql(), query);
}

/**
 * queryLong with more sort and hash memory for this one statement (`SET LOCAL` in its own
 * transaction): for a statement known to sort or hash tens of thousands of rows, which at the
 * server's default spills to disk. `megabytes` bounds it per sort or hash node.
 */
export function queryLongInMemory<T>(query: Prisma.Sql, megabytes: number): Promise<T[]> {
  if (!Number.isSafeInteger(megabytes) || megabytes < 1 || megabytes > 1024)
    throw new Error(`SQL: ${megabytes} MB is not a work_mem`);
  return longSql().begin(async (tx) => {
    await tx.unsafe(`SET LOCAL work_mem = '${megabytes}MB'`);
    return run<T>(tx as unknown as postgres.Sql, query);
  }) as Promise<T[]>;
}
