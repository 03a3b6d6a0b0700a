import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { splitSqlScript } from './split-sql-script';

/**
 * The SQL functions and triggers of the schema live as source files in
 * `prisma/sql/` (one file per thing a trigger keeps, holding its current
 * definition), not in the migrations: a migration says how the tables change
 * once, a function is code that changes with the app. `migrateDeploy`
 * (scripts/lib/migrate.ts) applies them after `prisma migrate deploy`.
 * docs/database.md#sql-functions-and-triggers explains the rules.
 */
export const SQL_FUNCTIONS_DIR = path.join('prisma', 'sql');

export type SqlFile = { name: string; statements: string[] };

/** The files in the order they are applied: by name, so a file may use the functions of files sorted before it. */
export function readSqlFunctionFiles(dir = SQL_FUNCTIONS_DIR): SqlFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, statements: splitSqlScript(readFileSync(path.join(dir, name), 'utf8')) }));
}

/** A one-connection client for schema maintenance (applying or comparing the files), closed by the caller. */
export function maintenanceClient(url: string): postgres.Sql {
  // DROP TRIGGER IF EXISTS of a trigger not yet created answers a notice: expected, not news.
  return postgres(url, { max: 1, onnotice: () => undefined, connection: { application_name: 'memory-console-sql' } });
}

/** Runs every statement of the files; a failure names the file and the statement. */
export async function runSqlFunctionFiles(tx: postgres.TransactionSql, files: SqlFile[]): Promise<void> {
  for (const file of files) {
    for (const statement of file.statements) {
      try {
        // The simple protocol: DDL, nothing to prepare or cache.
        await tx.unsafe(statement).simple();
      } catch (error) {
        const first = statement.split('\n').find((l) => !l.startsWith('--')) ?? statement;
        throw new Error(`${path.join(SQL_FUNCTIONS_DIR, file.name)}: ${(error as Error).message}\n  in: ${first}`, {
          cause: error,
        });
      }
    }
  }
}

/**
 * The console's own functions and triggers: functions in the public schema
 * that no extension installed (pg_trgm puts its own there), and the triggers
 * on public tables that PostgreSQL did not create itself for a foreign key.
 */
const OUR_FUNCTIONS = `
  SELECT p.oid, 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS key,
         p.proname AS name, pg_get_functiondef(p.oid) AS definition, p.xmin
  FROM pg_proc p
  WHERE p.pronamespace = 'public'::regnamespace
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`;
const OUR_TRIGGERS = `
  SELECT t.oid, 'trigger ' || t.tgname || ' on ' || c.relname AS key, t.tgname AS name, c.relname AS "table",
         pg_get_triggerdef(t.oid) AS definition, t.xmin
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
  WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`;

/** Every function and trigger of ours with its definition as PostgreSQL prints it, keyed by kind and name. */
export async function readCatalog(sql: postgres.Sql | postgres.TransactionSql): Promise<Map<string, string>> {
  const rows = await sql.unsafe<{ key: string; definition: string }[]>(
    `SELECT key, definition FROM (${OUR_FUNCTIONS}) f UNION ALL SELECT key, definition FROM (${OUR_TRIGGERS}) t`,
  );
  return new Map(rows.map((r) => [r.key, r.definition]));
}

/**
 * The functions and triggers of ours that the current transaction did not
 * write. CREATE OR REPLACE rewrites the catalog row even when nothing changed,
 * so right after the files ran these are exactly the ones no file declares.
 */
export async function notWrittenByThisTransaction(tx: postgres.TransactionSql): Promise<string[]> {
  const rows = await tx.unsafe<{ key: string }[]>(
    `SELECT key FROM (${OUR_FUNCTIONS}) f WHERE xmin <> pg_current_xact_id()::xid
     UNION ALL SELECT key FROM (${OUR_TRIGGERS}) t WHERE xmin <> pg_current_xact_id()::xid
     ORDER BY 1`,
  );
  return rows.map((r) => r.key);
}

/**
 * Drops every function and trigger of ours (in a transaction the caller rolls back). CASCADE: a
 * generated column computed by one of our functions (Trajectory.agentCost) depends on it; it goes
 * with the function here and comes back with the rollback.
 */
export async function dropOurFunctionsAndTriggers(tx: postgres.TransactionSql): Promise<void> {
  const triggers = await tx.unsafe<{ name: string; table: string }[]>(`SELECT name, "table" FROM (${OUR_TRIGGERS}) t`);
  for (const t of triggers) await tx.unsafe(`DROP TRIGGER ${quote(t.name)} ON ${quote(t.table)}`);
  const functions = await tx.unsafe<{ signature: string }[]>(
    `SELECT oid::regprocedure::text AS signature FROM (${OUR_FUNCTIONS}) f`,
  );
  for (const f of functions) await tx.unsafe(`DROP FUNCTION IF EXISTS ${f.signature} CASCADE`);
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
