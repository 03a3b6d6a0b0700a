import {
  maintenanceClient,
  notWrittenByThisTransaction,
  readSqlFunctionFiles,
  runSqlFunctionFiles,
} from './sql-function-files';

/**
 * One key for every process that applies the files: replicas started together
 * would otherwise rewrite the same catalog rows at once, and the slower one
 * fails with "tuple concurrently updated".
 */
const APPLY_LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('memory-console prisma/sql', 0))`;

/**
 * Applies `prisma/sql/*.sql` (CREATE OR REPLACE of every function and
 * trigger, in file-name order) in one transaction under an advisory lock, so
 * the database holds exactly the files' definitions once it commits, or
 * nothing changed. Answers the functions and triggers of ours that no file
 * declares: left over from a file deleted without a migration dropping them.
 */
export async function applySqlFunctions(url: string): Promise<{ undeclared: string[] }> {
  const files = readSqlFunctionFiles();
  const sql = maintenanceClient(url);
  try {
    return await sql.begin(async (tx) => {
      await tx.unsafe(APPLY_LOCK);
      await runSqlFunctionFiles(tx, files);
      return { undeclared: await notWrittenByThisTransaction(tx) };
    });
  } finally {
    await sql.end();
  }
}
