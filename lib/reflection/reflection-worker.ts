import type PgBoss from 'pg-boss';
import { prisma } from '@/lib/db/prisma';
import { setting } from '@/lib/env';
import { executeRun } from '@/lib/reflection/execute-run';
import { getBoss, REFLECTION_QUEUE, stopBoss, type ReflectionJobData } from '@/lib/jobs/boss';
import { failUnfinishedRun } from '@/lib/jobs/fail-run';
import { recoverRuns } from '@/lib/jobs/recover-runs';
import { RunLocks } from '@/lib/jobs/run-lock';
import { plural } from '@/lib/text/plural';

export type WorkerOptions = {
  /** Runs executed at the same time by this process (WORKER_CONCURRENCY, default 2). */
  concurrency?: number;
  /** How often surviving workers look for runs orphaned by a dead one. */
  sweepIntervalMs?: number;
  /** On stop: how long active runs may finish before they are aborted (and failed). */
  stopGraceMs?: number;
  log?: (message: string) => void;
};

export type RunningWorker = { stop: () => Promise<void>; recover: () => ReturnType<typeof recoverRuns> };

export function workerConcurrency(): number {
  return setting('WORKER_CONCURRENCY');
}

const STOPPED = 'The worker was stopped (server shutdown) while this run was in progress; start it again.';
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Starts a reflection worker in this process: recovers orphaned runs, then
 * executes queued runs (at most `concurrency` at once) until stopped.
 */
export async function startReflectionWorker(opts: WorkerOptions = {}): Promise<RunningWorker> {
  const concurrency = opts.concurrency ?? workerConcurrency();
  const log = opts.log ?? ((m: string) => console.log(`[worker] ${m}`));
  const boss = await getBoss('worker');
  const locks = new RunLocks();
  const active = new Map<string, { abort: AbortController; done: Promise<void> }>();
  let stopping = false;

  async function handle(job: PgBoss.Job<ReflectionJobData>): Promise<unknown> {
    const { runId } = job.data;
    // Another process executing this run holds its lock: this delivery is a duplicate.
    if (!(await locks.tryLock(runId))) return { skipped: 'run is being executed by another worker' };
    try {
      const run = await prisma.reflectionRun.findUnique({
        where: { id: runId },
        select: { status: true, jobId: true },
      });
      if (!run) return { skipped: 'run no longer exists' };
      if (run.status !== 'QUEUED' && run.status !== 'RUNNING') return { skipped: `run already ${run.status}` };
      // The recovery sweep re-queued this run under a newer job; that job owns it.
      if (run.jobId && run.jobId !== job.id) return { skipped: 'superseded by a newer job' };
      const abort = new AbortController();
      const done = (async () => {
        try {
          await executeRun(runId, { signal: abort.signal });
        } catch (err) {
          await failUnfinishedRun(
            runId,
            abort.signal.aborted ? STOPPED : `The run stopped with an unexpected error: ${messageOf(err)}`,
          );
        }
      })();
      active.set(runId, { abort, done });
      await done;
      // Never leave a run looking alive once its worker is done with it.
      await failUnfinishedRun(
        runId,
        abort.signal.aborted ? STOPPED : 'The pipeline returned without finishing the run.',
      );
      return { runId };
    } finally {
      active.delete(runId);
      await locks.unlock(runId).catch(() => undefined);
    }
  }

  const recover = async () => {
    const r = await recoverRuns(boss, locks);
    if (r.requeued.length || r.failed.length)
      log(`recovered runs: ${r.requeued.length} restarted, ${r.failed.length} failed`);
    return r;
  };

  await recover();
  for (let i = 0; i < concurrency; i++) {
    await boss.work<ReflectionJobData>(REFLECTION_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) =>
      handle(job),
    );
  }
  const timer = setInterval(() => {
    if (!stopping) recover().catch((err) => log(`recovery sweep failed: ${messageOf(err)}`));
  }, opts.sweepIntervalMs ?? 60_000);
  timer.unref();
  log(`reflection worker started (concurrency ${concurrency})`);

  async function stop() {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    await boss.offWork(REFLECTION_QUEUE).catch(() => undefined);
    const settled = () => Promise.allSettled([...active.values()].map((a) => a.done));
    const grace = opts.stopGraceMs ?? 10_000;
    if (active.size) {
      log(`waiting up to ${Math.round(grace / 1000)} s for ${plural(active.size, 'active run')}`);
      await Promise.race([settled(), new Promise((r) => setTimeout(r, grace).unref())]);
      for (const a of active.values()) a.abort.abort();
      await Promise.race([settled(), new Promise((r) => setTimeout(r, 5_000).unref())]);
    }
    await stopBoss(2_000);
    await locks.close();
  }

  return { stop, recover };
}
