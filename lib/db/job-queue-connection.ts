import PgBoss from 'pg-boss';
import { env } from '@/lib/env';
import { connectionSizes } from './pool-settings';

export type JobQueueRole = 'sender' | 'worker';

/**
 * pg-boss (the job queue, lib/jobs/boss.ts) on its own node-postgres pool:
 * a process that only sends jobs needs few connections, a worker also fetches
 * and supervises. What the queue does is the caller's (`options`); where it
 * connects and how many connections it opens is decided here. The job queue
 * keeps state around the instance, so lib/jobs registers its own stop function
 * with lib/db/connections.ts.
 */
export function createJobQueue(
  role: JobQueueRole,
  options: Omit<PgBoss.ConstructorOptions, 'connectionString' | 'max' | 'application_name' | 'db'>,
): PgBoss {
  const sizes = connectionSizes();
  return new PgBoss({
    ...options,
    connectionString: env().DATABASE_URL,
    application_name: `memory-console-${role}`,
    max: role === 'worker' ? sizes.jobQueueWorker : sizes.jobQueueSender,
  });
}
