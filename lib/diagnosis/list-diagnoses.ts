import { can, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError, notFound } from '@/lib/errors';
import type { DiagnosisView } from './diagnosis-schemas';
import { DIAGNOSIS_INCLUDE, toDiagnosisView } from './diagnosis-view';

/**
 * Diagnoses on one trajectory: reviewers, researchers and admins see everyone's;
 * annotators see their own drafts and everyone's submitted ones (so they do not
 * redo a checkpoint someone already diagnosed), never others' drafts.
 */
export async function listTrajectoryDiagnoses(actor: Actor, trajectoryId: string): Promise<DiagnosisView[]> {
  requirePermission(actor, 'trajectory:read');
  const all = can(actor.role, 'diagnosis:read-all');
  const rows = await prisma.diagnosis.findMany({
    where: all ? { trajectoryId } : { trajectoryId, OR: [{ authorId: actor.userId }, { status: 'SUBMITTED' }] },
    include: DIAGNOSIS_INCLUDE,
    orderBy: { createdAt: 'asc' },
  });
  return rows.map(toDiagnosisView);
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
  if (d.authorId !== actor.userId && !can(actor.role, 'diagnosis:read-all')) throw new AppError('FORBIDDEN', 'Only the author or a reviewer can read this history');
  const revs = await prisma.diagnosisRevision.findMany({
    where: { diagnosisId: id },
    include: { editor: { select: { name: true } } },
    orderBy: { createdAt: 'desc' },
  });
  return revs.map((r) => ({ id: r.id, editor: r.editor.name, createdAt: r.createdAt.toISOString(), content: r.content }));
}
