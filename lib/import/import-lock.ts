import { openLockSession } from '@/lib/db/lock-session';
import { prisma } from '@/lib/db/prisma';

/**
 * "Somebody is importing job X" as a PostgreSQL session advisory lock, held on
 * a dedicated connection for as long as the import runs (as the reflection
 * worker does for its runs, lib/jobs/run-lock.ts). When the importing process
 * dies (kill -9, crash) PostgreSQL drops its connection and the lock with it,
 * so a RUNNING job whose lock is free has no live importer — at once, with no
 * heartbeat and no timeout.
 */
const NAMESPACE = 'import-job';

export type ImportLock = { release: () => Promise<void> };

export async function holdImportLock(jobId: string): Promise<ImportLock> {
  // A lost connection loses the lock: the job then shows as interrupted, which is what it is to a reader.
  const client = await openLockSession('memory-console-import-lock', (err) =>
    console.error('[import] lock connection lost:', err.message),
  );
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', [NAMESPACE, jobId]);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  return { release: () => client.end().catch(() => undefined) };
}

/**
 * True when some session holds the job's lock. Taking and releasing it within
 * one statement keeps this safe on a pooled connection (the same session does
 * both; it never keeps the lock).
 */
export async function importerAlive(jobId: string): Promise<boolean> {
  const [row] = await prisma.$queryRaw<{ free: boolean }[]>`
    SELECT CASE WHEN pg_try_advisory_lock(hashtext(${NAMESPACE}), hashtext(${jobId}))
                THEN pg_advisory_unlock(hashtext(${NAMESPACE}), hashtext(${jobId}))
                ELSE false END AS free`;
  return !row.free;
}
