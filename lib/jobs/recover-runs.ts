import type PgBoss from 'pg-boss';
import { prisma } from '@/lib/db/prisma';
import { REFLECTION_QUEUE, type ReflectionJobData } from './boss';
import { enqueueReflectionRun } from './enqueue';
import { failUnfinishedRun } from './fail-run';
import type { RunLocks } from './run-lock';

/** A run is started at most this many times (the first start plus one restart after a crashed worker). */
export const MAX_RUN_ATTEMPTS = 2;

// A QUEUED run without a job id may be a run whose job is being sent right now.
const ENQUEUE_GRACE_MS = 30_000;

export type RecoveryResult = { requeued: string[]; failed: string[] };

/**
 * Finds runs that no live worker will finish — left RUNNING by a killed
 * worker, or QUEUED with a lost or finished job — and starts them again once
 * (`executeRun` is safe to call for a run left RUNNING), or fails them with a
 * clear reason. Never touches a run whose lock a live worker holds or whose
 * job is still waiting in the queue. Runs on every worker start and
 * periodically, so surviving workers also pick up after a dead one.
 */
export async function recoverRuns(boss: PgBoss, locks: RunLocks): Promise<RecoveryResult> {
  const result: RecoveryResult = { requeued: [], failed: [] };
  const candidates = await prisma.reflectionRun.findMany({
    where: { status: { in: ['QUEUED', 'RUNNING'] } },
    select: { id: true, status: true, jobId: true, updatedAt: true },
    orderBy: { createdAt: 'asc' },
    take: 500,
  });
  for (const run of candidates) {
    if (run.status === 'QUEUED' && !run.jobId && Date.now() - run.updatedAt.getTime() < ENQUEUE_GRACE_MS) continue;
    const job = run.jobId
      ? await boss.getJobById<ReflectionJobData>(REFLECTION_QUEUE, run.jobId, { includeArchive: true })
      : null;
    if (job && (job.state === 'created' || job.state === 'retry')) continue;
    if (!(await locks.tryLock(run.id))) continue;
    try {
      // Re-read under the lock: a worker may have finished it meanwhile.
      const now = await prisma.reflectionRun.findUnique({
        where: { id: run.id },
        select: { status: true, jobId: true },
      });
      if (!now || (now.status !== 'QUEUED' && now.status !== 'RUNNING') || now.jobId !== run.jobId) continue;
      const attempt = job?.data?.attempt ?? 1;
      if (job?.state === 'active')
        await boss.fail(REFLECTION_QUEUE, job.id, { reason: 'worker gone; run recovered' }).catch(() => undefined);
      if (attempt < MAX_RUN_ATTEMPTS) {
        await enqueueReflectionRun(run.id, attempt + 1);
        result.requeued.push(run.id);
      } else if (
        await failUnfinishedRun(
          run.id,
          run.status === 'RUNNING'
            ? `The worker executing this run stopped (server restart or crash) ${attempt} times; start the run again.`
            : 'The job of this queued run was lost; start the run again.',
        )
      ) {
        result.failed.push(run.id);
      }
    } finally {
      await locks.unlock(run.id).catch(() => undefined);
    }
  }
  return result;
}
