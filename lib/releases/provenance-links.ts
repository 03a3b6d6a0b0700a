import { Prisma } from '@prisma/client';
import { prisma, type Tx } from '@/lib/db/prisma';

/**
 * How a card version is linked to a task: through its own version history
 * (every version of the card up to this one), each version's proposal, that
 * proposal's reflection run, and then the run's task, the trajectories it read
 * or the diagnoses it used (→ their trajectory → task).
 */
export type ProvenanceLink = {
  taskId: string;
  /** The version that was retrieved (or released). */
  versionId: string;
  /** The version in its history whose provenance touches the task. */
  viaVersionId: string;
  viaVersionNumber: number;
  proposalId: string;
  runId: string;
  via: 'run-task' | 'trajectory' | 'diagnosis';
  trajectoryId: string | null;
  diagnosisId: string | null;
};

/** One query for any number of (task, version) pairs; only links to the paired task are returned. */
export async function findProvenanceLinks(
  pairs: { taskId: string; versionId: string }[],
  db: Tx | typeof prisma = prisma,
): Promise<ProvenanceLink[]> {
  if (!pairs.length) return [];
  const taskIds = pairs.map((p) => p.taskId);
  const versionIds = pairs.map((p) => p.versionId);
  return db.$queryRaw<ProvenanceLink[]>(Prisma.sql`
    WITH q AS (
      SELECT * FROM unnest(${taskIds}::text[], ${versionIds}::text[]) AS q(task_id, version_id)
    ), h AS (
      SELECT q.task_id, q.version_id, cv.id AS via_id, cv.number AS via_number, p.id AS proposal_id, p."runId" AS run_id
        FROM q
        JOIN "CardVersion" rv ON rv.id = q.version_id
        JOIN "CardVersion" cv ON cv."cardId" = rv."cardId" AND cv.number <= rv.number
        JOIN "Proposal" p ON p.id = cv."proposalId"
       WHERE p."runId" IS NOT NULL
    )
    SELECT h.task_id AS "taskId", h.version_id AS "versionId", h.via_id AS "viaVersionId", h.via_number AS "viaVersionNumber",
           h.proposal_id AS "proposalId", h.run_id AS "runId", 'run-task' AS via, NULL::text AS "trajectoryId", NULL::text AS "diagnosisId"
      FROM h JOIN "ReflectionRun" r ON r.id = h.run_id AND r."taskId" = h.task_id
    UNION ALL
    SELECT h.task_id, h.version_id, h.via_id, h.via_number, h.proposal_id, h.run_id, 'trajectory', t.id, NULL
      FROM h JOIN "ReflectionRunTrajectory" rt ON rt."runId" = h.run_id
             JOIN "Trajectory" t ON t.id = rt."trajectoryId" AND t."taskId" = h.task_id
    UNION ALL
    SELECT h.task_id, h.version_id, h.via_id, h.via_number, h.proposal_id, h.run_id, 'diagnosis', t.id, d.id
      FROM h JOIN "ReflectionRunDiagnosis" rd ON rd."runId" = h.run_id
             JOIN "Diagnosis" d ON d.id = rd."diagnosisId"
             JOIN "Trajectory" t ON t.id = d."trajectoryId" AND t."taskId" = h.task_id
    ORDER BY 1, 2, 4, 7, 8, 9`);
}

/** A human-readable path: "v2 ← proposal … ← run … ← diagnosis … ← trajectory …". */
export function describeLink(
  l: Pick<ProvenanceLink, 'viaVersionNumber' | 'proposalId' | 'runId' | 'via' | 'trajectoryId' | 'diagnosisId'>,
): string {
  const head = `version ${l.viaVersionNumber} ← proposal ${l.proposalId} ← run ${l.runId}`;
  if (l.via === 'run-task') return `${head} (reflected on this task)`;
  if (l.via === 'diagnosis') return `${head} ← diagnosis ${l.diagnosisId} ← trajectory ${l.trajectoryId}`;
  return `${head} ← trajectory ${l.trajectoryId}`;
}
