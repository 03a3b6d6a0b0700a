import type PgBoss from 'pg-boss';
import { onDisconnect } from '@/lib/db/connections';
import { createJobQueue, type JobQueueRole } from '@/lib/db/job-queue-connection';

/**
 * The process's pg-boss instance (PostgreSQL-backed job queue, own schema
 * `pgboss` in the app database). Web processes use it only to send jobs;
 * worker processes also fetch and supervise. Kept on globalThis so Next.js
 * hot reload and test files share one connection pool.
 */
export const JOB_SCHEMA = 'pgboss';

/** Reflection and function-card runs share one queue: `executeRun` handles both kinds. */
export const REFLECTION_QUEUE = 'reflection-run';

/** A job's data: which run, and how many times it has been (re)started. */
export type ReflectionJobData = { runId: string; attempt: number };

// A run is finished by the worker (SUCCEEDED/FAILED) or by the recovery sweep;
// pg-boss's own retry would re-deliver a crashed job only after its expiry, so
// retries are off and crash recovery is explicit (lib/jobs/recover-runs.ts).
const QUEUE_OPTIONS: PgBoss.Queue = {
  name: REFLECTION_QUEUE,
  policy: 'standard',
  retryLimit: 0,
  // Upper bound of one run; the pipeline's own LLM timeouts are far shorter.
  expireInSeconds: 60 * 60,
  retentionMinutes: 7 * 24 * 60,
};

type BossRole = JobQueueRole;
const g = globalThis as unknown as { __boss?: Promise<PgBoss>; __bossRole?: BossRole };

function createBoss(role: BossRole): PgBoss {
  const boss = createJobQueue(role, {
    schema: JOB_SCHEMA,
    // Maintenance (expiry, archiving) and cron run only in worker processes.
    supervise: role === 'worker',
    schedule: false,
    // How often an idle worker looks for new jobs; short so the UI sees "running" quickly.
    pollingIntervalSeconds: 1,
  });
  boss.on('error', (err: Error & { code?: string }) => {
    // 57P01: the server is shutting down (Ctrl-C stops PostgreSQL too); not worth a stack dump.
    if (err.code === '57P01') return;
    console.error('[jobs]', err.message);
  });
  return boss;
}

/**
 * Starts (once per process) and returns pg-boss. `role: 'worker'` turns on
 * maintenance; a process that first started as a sender is restarted as a worker.
 */
export async function getBoss(role: BossRole = 'sender'): Promise<PgBoss> {
  if (g.__boss && (g.__bossRole === role || g.__bossRole === 'worker')) return g.__boss;
  if (g.__boss) await stopBoss();
  const starting = (async () => {
    const boss = createBoss(role);
    await boss.start();
    await boss.createQueue(REFLECTION_QUEUE, QUEUE_OPTIONS);
    return boss;
  })();
  g.__boss = starting;
  g.__bossRole = role;
  // disconnectDatabase stops it too (a command-line tool or a test that never called stopBoss).
  onDisconnect(JOB_SCHEMA, () => stopBoss());
  starting.catch(() => {
    if (g.__boss === starting) g.__boss = undefined;
  });
  return starting;
}

/** Stops pg-boss, waiting up to `timeoutMs` for active jobs. */
export async function stopBoss(timeoutMs = 10_000): Promise<void> {
  const current = g.__boss;
  g.__boss = undefined;
  g.__bossRole = undefined;
  if (!current) return;
  const boss = await current.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
}
