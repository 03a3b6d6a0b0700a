import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';

export type EvaluatorArtefact = {
  diagnosisId: string;
  checkpointResultId: string;
  checkpointKey: string;
  checkpointName: string;
  trajectoryId: string;
  model: string;
  /** The check's anchored event, for the one event link format. */
  eventIndex: number | null;
  author: string;
  reason: string;
  submittedAt: string | null;
};

/**
 * A task's failed checks that annotators marked "not an agent failure — evaluator / task artefact", with their
 * reasons, for whoever maintains the benchmark. Submitted verdicts only (a draft is no one's verdict yet);
 * submitted diagnoses are readable by every role that reads trajectories.
 */
export async function listEvaluatorArtefacts(actor: Actor, taskId: string): Promise<EvaluatorArtefact[]> {
  requirePermission(actor, 'trajectory:read');
  const rows = await prisma.diagnosis.findMany({
    // A verdict on a check: run-level diagnoses (no checkpoint result) are never evaluator artefacts.
    where: {
      status: 'SUBMITTED',
      outcome: 'EVALUATOR_ARTEFACT',
      trajectory: { taskId },
      checkpointResultId: { not: null },
    },
    select: {
      id: true,
      whatWentWrong: true,
      submittedAt: true,
      author: { select: { name: true } },
      trajectory: { select: { id: true, model: true } },
      checkpointResult: {
        select: { id: true, eventIndex: true, checkpoint: { select: { key: true, name: true, position: true } } },
      },
    },
    orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }],
  });
  return rows
    .flatMap((d) => (d.checkpointResult ? [{ ...d, checkpointResult: d.checkpointResult }] : []))
    .sort((a, b) => a.checkpointResult.checkpoint.position - b.checkpointResult.checkpoint.position)
    .map((d) => ({
      diagnosisId: d.id,
      checkpointResultId: d.checkpointResult.id,
      checkpointKey: d.checkpointResult.checkpoint.key,
      checkpointName: d.checkpointResult.checkpoint.name,
      trajectoryId: d.trajectory.id,
      model: d.trajectory.model,
      eventIndex: d.checkpointResult.eventIndex,
      author: d.author.name,
      reason: d.whatWentWrong,
      submittedAt: d.submittedAt?.toISOString() ?? null,
    }));
}
