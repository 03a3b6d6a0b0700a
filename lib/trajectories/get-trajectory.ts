import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { dataQualityWarnings, type DataQualityWarning } from './data-quality';
import { taskSummary, trajectorySummary, type TaskSummary } from './summaries';

export type CheckpointView = {
  id: string;
  key: string;
  name: string;
  description: string | null;
  passed: boolean;
  score: number | null;
  total: number | null;
  note: string | null;
  eventIndex: number | null;
  position: number;
};

export type TrajectoryView = {
  id: string;
  externalId: string;
  model: string;
  agent: string | null;
  trial: number | null;
  passed: boolean;
  score: number | null;
  outcomeReason: string | null;
  eventCount: number;
  failedCount: number;
  pendingCount: number;
  task: TaskSummary;
  checkpoints: CheckpointView[];
  siblings: { id: string; model: string; agent: string | null; trial: number | null; passed: boolean }[];
  claim: { userId: string; userName: string; expiresAt: string } | null;
  /** The importer's warnings about this run's data (lib/trajectories/data-quality.ts). */
  dataQualityWarnings: DataQualityWarning[];
};

/** Everything the trajectory page shows except the events (those come in windows). */
export async function getTrajectory(actor: Actor, id: string): Promise<TrajectoryView> {
  requirePermission(actor, 'trajectory:read');
  const t = await prisma.trajectory.findUnique({
    where: { id },
    include: {
      task: true,
      checkpoints: { include: { checkpoint: true } },
      claim: { include: { user: { select: { name: true } } } },
    },
  });
  if (!t) throw notFound('Trajectory');
  const siblings = await prisma.trajectory.findMany({
    where: { taskId: t.taskId, id: { not: t.id } },
    select: { id: true, model: true, agent: true, trial: true, passed: true },
    orderBy: [{ model: 'asc' }, { trial: 'asc' }],
    take: 100,
  });
  const live = t.claim && t.claim.expiresAt.getTime() > Date.now() ? t.claim : null;
  return {
    ...trajectorySummary(t),
    outcomeReason: t.outcomeReason,
    failedCount: t.failedCount,
    pendingCount: t.pendingCount,
    task: taskSummary(t.task),
    checkpoints: t.checkpoints
      .map((c) => ({
        id: c.id,
        key: c.checkpoint.key,
        name: c.checkpoint.name,
        description: c.checkpoint.description,
        passed: c.passed,
        score: c.score,
        total: c.total,
        note: c.note,
        eventIndex: c.eventIndex,
        position: c.checkpoint.position,
      }))
      .sort((a, b) => a.position - b.position),
    siblings,
    claim: live ? { userId: live.userId, userName: live.user.name, expiresAt: live.expiresAt.toISOString() } : null,
    dataQualityWarnings: dataQualityWarnings(t.metadata),
  };
}
