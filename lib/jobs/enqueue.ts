import { randomUUID } from 'node:crypto';
import { prisma } from '@/lib/db/prisma';
import { getBoss, REFLECTION_QUEUE, type ReflectionJobData } from './boss';

/**
 * Puts runs on the job queue and records each job id on its run (the recovery
 * sweep uses it to tell a queued run from one whose job was lost).
 * `attempt` > 1 marks a re-start after a crashed worker.
 */
export async function enqueueReflectionRuns(runIds: string[], attempt = 1): Promise<void> {
  if (runIds.length === 0) return;
  const boss = await getBoss();
  const jobs = runIds.map((runId) => ({ id: randomUUID(), runId }));
  await boss.insert(
    jobs.map((j) => ({
      id: j.id,
      name: REFLECTION_QUEUE,
      data: { runId: j.runId, attempt } satisfies ReflectionJobData,
    })),
  );
  await prisma.$transaction(
    jobs.map((j) => prisma.reflectionRun.update({ where: { id: j.runId }, data: { jobId: j.id } })),
  );
}

export async function enqueueReflectionRun(runId: string, attempt = 1): Promise<void> {
  await enqueueReflectionRuns([runId], attempt);
}
