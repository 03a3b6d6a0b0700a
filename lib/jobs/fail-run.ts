import { prisma } from '@/lib/db/prisma';

/**
 * Ends a run FAILED with a reason — only if it is still QUEUED/RUNNING, so a
 * run the pipeline already finished is never overwritten. Returns whether it did.
 */
export async function failUnfinishedRun(runId: string, reason: string): Promise<boolean> {
  const { count } = await prisma.reflectionRun.updateMany({
    where: { id: runId, status: { in: ['QUEUED', 'RUNNING'] } },
    data: { status: 'FAILED', error: reason, finishedAt: new Date() },
  });
  return count > 0;
}
