import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import { overlapForTask } from '@/lib/queue/overlap';
import { targetIdOf } from '@/lib/trajectories/run-target';
import type { DiagnosisView } from './diagnosis-schemas';
import { DIAGNOSIS_INCLUDE, toDiagnosisView } from './diagnosis-view';

/**
 * Diagnoses on one trajectory: reviewers, researchers and admins see everyone's;
 * annotators see their own drafts and everyone's submitted ones (so they do not
 * redo a checkpoint someone already diagnosed), never others' drafts. Under an
 * overlap k > 1 the rating is blind: others' diagnoses of a checkpoint (or of
 * the run as a whole) appear only once the caller has submitted their own for it.
 */
export async function listTrajectoryDiagnoses(actor: Actor, trajectoryId: string): Promise<DiagnosisView[]> {
  requirePermission(actor, 'trajectory:read');
  const all = can(actor.role, 'diagnosis:read-all');
  const rows = await prisma.diagnosis.findMany({
    where: all ? { trajectoryId } : { trajectoryId, OR: [{ authorId: actor.userId }, { status: 'SUBMITTED' }] },
    include: DIAGNOSIS_INCLUDE,
    orderBy: { createdAt: 'asc' },
  });
  if (all || rows.every((r) => r.authorId === actor.userId)) return rows.map(toDiagnosisView);
  const trajectory = await prisma.trajectory.findUnique({ where: { id: trajectoryId }, select: { taskId: true } });
  const k = trajectory ? await overlapForTask(prisma, trajectory.taskId) : 1;
  const mine = new Set(rows.filter((r) => r.authorId === actor.userId && r.status === 'SUBMITTED').map(targetIdOf));
  return rows.filter((r) => k <= 1 || r.authorId === actor.userId || mine.has(targetIdOf(r))).map(toDiagnosisView);
}

/** Every diagnosis of a task (all trajectories): the reviewer's view. */
export async function listTaskDiagnoses(actor: Actor, taskId: string): Promise<DiagnosisView[]> {
  requirePermission(actor, 'diagnosis:read-all');
  const rows = await prisma.diagnosis.findMany({
    where: { trajectory: { taskId } },
    include: DIAGNOSIS_INCLUDE,
    orderBy: [{ trajectoryId: 'asc' }, { createdAt: 'asc' }],
  });
  return rows.map(toDiagnosisView);
}

/** Earlier versions of a submitted diagnosis, newest first: its author and readers-of-all only. */
export async function diagnosisHistory(actor: Actor, id: string) {
  requirePermission(actor, 'trajectory:read');
  const d = await prisma.diagnosis.findUnique({ where: { id }, select: { authorId: true } });
  if (!d) throw notFound('Diagnosis');
  if (d.authorId !== actor.userId && !can(actor.role, 'diagnosis:read-all'))
    throw new AppError('FORBIDDEN', 'Only the author or a reviewer can read this history');
  const revs = await prisma.diagnosisRevision.findMany({
    where: { diagnosisId: id },
    include: { editor: { select: { name: true } } },
    orderBy: { createdAt: 'desc' },
  });
  return revs.map((r) => ({
    id: r.id,
    editor: r.editor.name,
    createdAt: r.createdAt.toISOString(),
    content: r.content,
  }));
}
