import { prisma } from '@/lib/db/prisma';

/** An import writes its counts after every batch; this long without a write means its process is gone. */
export const STALE_IMPORT_MINUTES = 10;

/**
 * Imports run in the process that received them (CLI, upload request). If that
 * process dies, the job would show "running" forever: mark such jobs FAILED
 * with a clear reason. Every record written before the stop is kept (each one
 * was committed whole), and importing the file again skips them.
 */
export async function failStaleImports(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_IMPORT_MINUTES * 60_000);
  const { count } = await prisma.importJob.updateMany({
    where: { status: { in: ['QUEUED', 'RUNNING'] }, updatedAt: { lt: cutoff } },
    data: {
      status: 'FAILED',
      finishedAt: now,
      error: `Interrupted: no progress for ${STALE_IMPORT_MINUTES} minutes (the importing process stopped). Records written before that are kept; import the file again to add the rest — records already present are skipped.`,
    },
  });
  return count;
}
