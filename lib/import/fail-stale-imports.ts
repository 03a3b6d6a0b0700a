import { prisma } from '@/lib/db/prisma';
import { importerAlive } from './import-lock';

/** A job still QUEUED this long never got as far as taking its lock: its process is gone. */
export const STALE_IMPORT_MINUTES = 10;

export const INTERRUPTED_MESSAGE =
  'Interrupted: the importing process stopped before the end of the file. Every record written before that is kept; re-import the file to finish — records already present are skipped.';

/**
 * Imports run in the process that received them (CLI, upload request), which
 * holds the job's advisory lock while it runs (import-lock.ts). A RUNNING job
 * whose lock is free has lost its importer: mark it INTERRUPTED at once, with
 * "re-import to finish". Every record written before the stop is kept (each
 * was committed whole), and importing the file again skips them. Only jobs in
 * `ids` are checked when given (a report or a page of the list).
 */
export async function markInterruptedImports(ids?: string[], now = new Date()): Promise<number> {
  const running = await prisma.importJob.findMany({
    where: { status: 'RUNNING', ...(ids ? { id: { in: ids } } : {}) },
    select: { id: true },
  });
  let marked = 0;
  for (const { id } of running) {
    if (await importerAlive(id)) continue;
    // Only if still RUNNING: an importer that finished meanwhile (and released its lock) keeps its own status.
    const { count } = await prisma.importJob.updateMany({
      where: { id, status: 'RUNNING' },
      data: { status: 'INTERRUPTED', finishedAt: now, error: INTERRUPTED_MESSAGE },
    });
    marked += count;
  }
  const cutoff = new Date(now.getTime() - STALE_IMPORT_MINUTES * 60_000);
  const { count } = await prisma.importJob.updateMany({
    where: { status: 'QUEUED', updatedAt: { lt: cutoff }, ...(ids ? { id: { in: ids } } : {}) },
    data: { status: 'INTERRUPTED', finishedAt: now, error: INTERRUPTED_MESSAGE },
  });
  return marked + count;
}

/** Start-up sweep (npm start, worker): every import left without a live importer. */
export function failStaleImports(now = new Date()): Promise<number> {
  return markInterruptedImports(undefined, now);
}
