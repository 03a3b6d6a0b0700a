import {
  dropOurFunctionsAndTriggers,
  maintenanceClient,
  readCatalog,
  readSqlFunctionFiles,
  runSqlFunctionFiles,
} from './sql-function-files';

export type SqlFunctionsDrift = {
  /** Declared by a file, absent from the database. */
  missing: string[];
  /** In the database, declared by no file. */
  extra: string[];
  /** In both, with another definition. */
  changed: string[];
};

class Rollback extends Error {}

/**
 * Compares the database's functions and triggers with `prisma/sql/`, as
 * PostgreSQL itself prints both (pg_get_functiondef, pg_get_triggerdef): it
 * reads the database's, then, in a transaction it rolls back, drops them all,
 * runs the files and reads again. Nothing is left changed; the transaction
 * holds table locks for its few milliseconds, so this is for tests and
 * maintenance, not for every request.
 */
export async function compareSqlFunctions(url: string): Promise<SqlFunctionsDrift> {
  const files = readSqlFunctionFiles();
  const sql = maintenanceClient(url);
  try {
    const actual = await readCatalog(sql);
    let declared = new Map<string, string>();
    await sql
      .begin(async (tx) => {
        await dropOurFunctionsAndTriggers(tx);
        await runSqlFunctionFiles(tx, files);
        declared = await readCatalog(tx);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    const sorted = (keys: Iterable<string>) => [...keys].sort();
    return {
      missing: sorted([...declared.keys()].filter((k) => !actual.has(k))),
      extra: sorted([...actual.keys()].filter((k) => !declared.has(k))),
      changed: sorted([...declared].filter(([k, def]) => actual.has(k) && actual.get(k) !== def).map(([k]) => k)),
    };
  } finally {
    await sql.end();
  }
}
