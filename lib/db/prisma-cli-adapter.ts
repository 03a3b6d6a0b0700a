/**
 * The Prisma CLI's database adapter (prisma.config.ts calls this and nothing
 * else), with every workaround it needs in one place.
 *
 * The project runs offline, so the CLI uses the bundled WebAssembly schema
 * engine (`engine: 'js'`) through `@prisma/adapter-pg` instead of downloading a
 * native engine. Driving migrations that way against PostgreSQL 17 hits
 * upstream bugs; each workaround below is marked WORKAROUND, and
 * tests/integration/db/prisma-cli-upstream-bugs.test.ts asserts that the bare
 * adapter still shows each bug: when one of those tests fails with "upstream
 * fixed", delete the workaround it names. tests/integration/db/migrations.test.ts
 * checks that the adapter built here applies and diffs the migrations.
 *
 * Imports are relative (no `@/` alias): the CLI loads this through its own
 * config loader, outside Next.js and vitest.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { splitSqlScript } from './split-sql-script';

/**
 * WORKAROUND (prisma/orm#27403): the adapter cannot deserialize catalog columns
 * of type "char" (OID 18) and name (OID 19) that the schema engine reads during
 * `migrate deploy/reset/dev/diff`. Report them as text (OID 25): their values
 * are plain strings either way. The engine reads some "char" columns as a
 * single character, though (pg_constraint.contype when it describes the CHECK
 * constraints and constraint triggers of our hand-written SQL): handed a text
 * value there it panics ("RuntimeError: unreachable"). So the rows remember
 * which columns were "char", and the adapter reports those as Character.
 */
const CHAR_OID = 18;
const CATALOG_TEXT_OIDS = new Set([CHAR_OID, 19]);
const TEXT_OID = 25;
const CHAR_COLUMNS = Symbol('char columns');
// ColumnTypeEnum.Character of @prisma/driver-adapter-utils (the adapter's own dependency).
const CHARACTER_COLUMN_TYPE = 6;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }>; rows?: unknown[] };

function relabelCatalogFields(result: unknown): unknown {
  const results = Array.isArray(result) ? result : [result];
  for (const r of results as QueryResultLike[]) {
    const charColumns: number[] = [];
    (r?.fields ?? []).forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) charColumns.push(i);
      if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    });
    // The adapter passes `rows` through and drops the rest of the result.
    if (charColumns.length && r.rows) Object.defineProperty(r.rows, CHAR_COLUMNS, { value: charColumns });
  }
  return result;
}

class CatalogTextClient extends pg.Client {
  // pg.Pool#query calls client.query(config, values, callback); direct callers
  // use the promise form. Relabel the result in both.
  query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: unknown, res: unknown) => void;
      args[args.length - 1] = (err: unknown, res: unknown) => callback(err, err ? res : relabelCatalogFields(res));
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      return (out as Promise<unknown>).then(relabelCatalogFields) as never;
    }
    return out as never;
  }
}

type RawResult = { columnTypes: number[]; rows: unknown[] & { [CHAR_COLUMNS]?: number[] } };
type Queryable = { queryRaw: (query: never) => Promise<unknown> };

/** Reports the columns that were "char" as Character (see CHAR_COLUMNS above). */
function withCharColumns<T extends Queryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable) as (query: unknown) => Promise<RawResult>;
  (queryable as unknown as { queryRaw: typeof queryRaw }).queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of result.rows[CHAR_COLUMNS] ?? []) result.columnTypes[i] = CHARACTER_COLUMN_TYPE;
    return result;
  };
  return queryable;
}

type ScriptRunner = {
  client: { query: (sql: string) => Promise<unknown> };
  onError: (error: unknown) => never;
  executeScript: (script: string) => Promise<void>;
};

/**
 * WORKAROUND (migration scripts): the adapter splits a migration script at
 * every `;`, cutting dollar-quoted function bodies and string literals in
 * half. Split at the semicolons that end statements instead
 * (lib/db/split-sql-script.ts).
 */
function withStatementSplitter<T>(queryable: T): T {
  const runner = queryable as unknown as ScriptRunner;
  runner.executeScript = async (script) => {
    for (const statement of splitSqlScript(script)) {
      try {
        await runner.client.query(statement);
      } catch (error) {
        runner.onError(error);
      }
    }
  };
  return queryable;
}

/**
 * WORKAROUND (shadow database): with `connectionString` the adapter's shadow
 * database silently resolves to the main database (the string wins over the
 * `database` field the adapter sets), so `migrate dev` would replay into it.
 * Discrete fields let the adapter swap `database` correctly.
 */
function poolConfigFromUrl(url: string): pg.PoolConfig {
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname),
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    // Idle clients would keep the CLI alive 10 s and block dropping the shadow
    // database ("being accessed by other users"): close them at once.
    idleTimeoutMillis: 1,
    Client: CatalogTextClient as unknown as typeof pg.Client,
  };
}

/** The adapter the Prisma CLI runs migrations through, for the database at `url`. */
export function prismaCliAdapter(url: string): PrismaPg {
  const factory = new PrismaPg(poolConfigFromUrl(url));
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => withStatementSplitter(withCharColumns(await connect()));
  factory.connectToShadowDb = async () => withStatementSplitter(withCharColumns(await connectToShadowDb()));
  return factory;
}
