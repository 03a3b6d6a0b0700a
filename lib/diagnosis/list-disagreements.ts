import { z } from 'zod';
import { ownWorkConflict, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, type Page } from '@/lib/http/pagination';
import { isRunTargetId } from '@/lib/trajectories/run-target';
import { agreementFilterSchema, disagreementReasons, loadAgreementUnits, type UnitRating } from './agreement-report';

export type AdjudicationView = {
  id: string;
  chosenDiagnosisId: string | null;
  category: { id: string; label: string } | null;
  eventStart: number | null;
  eventEnd: number | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  reviewer: string;
  updatedAt: string;
};

export type Disagreement = {
  checkpointResultId: string;
  trajectoryId: string;
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  checkpointName: string;
  reasons: ('category' | 'range')[];
  ratings: UnitRating[];
  adjudication: AdjudicationView | null;
  /** Why the caller may not adjudicate it (their own diagnosis is a side), or null. */
  notYours: string | null;
};

export const disagreementQuerySchema = agreementFilterSchema.extend({
  status: z.enum(['open', 'adjudicated', 'all']).optional().default('open'),
});

/**
 * The reviewers' list: checkpoints whose diagnoses disagree on the category or
 * on the range (IoU below 0.5), oldest first; `status` open (not adjudicated
 * yet), adjudicated, or all.
 */
export async function listDisagreements(actor: Actor, raw: Record<string, unknown>): Promise<Page<Disagreement>> {
  requirePermission(actor, 'diagnosis:read-all');
  const q = disagreementQuerySchema.parse(raw);
  const page = pageQuerySchema.parse(raw);
  // Runs diagnosed as a whole count in the agreement figures, but are not adjudicated here yet: their
  // unit names no checkpoint result.
  const units = (await loadAgreementUnits(q))
    .filter((u) => !isRunTargetId(u.checkpointResultId))
    .map((u) => ({ ...u, reasons: disagreementReasons(u) }))
    .filter((u) => u.reasons.length > 0);
  const adjudications = await prisma.adjudication.findMany({
    where: { checkpointResultId: { in: units.map((u) => u.checkpointResultId) } },
    include: { category: { select: { id: true, label: true } }, reviewer: { select: { name: true } } },
  });
  const adj = new Map(adjudications.map((a) => [a.checkpointResultId, a]));
  const wanted = units.filter(
    (u) => q.status === 'all' || (q.status === 'adjudicated') === adj.has(u.checkpointResultId),
  );
  const slice = wanted.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
  const results = await prisma.checkpointResult.findMany({
    where: { id: { in: slice.map((u) => u.checkpointResultId) } },
    include: {
      checkpoint: { select: { name: true } },
      trajectory: { select: { id: true, task: { select: { id: true, externalId: true, benchmark: true } } } },
    },
  });
  const byId = new Map(results.map((r) => [r.id, r]));
  const items: Disagreement[] = slice.flatMap((u) => {
    const r = byId.get(u.checkpointResultId);
    if (!r) return [];
    const a = adj.get(u.checkpointResultId);
    return [
      {
        checkpointResultId: u.checkpointResultId,
        trajectoryId: r.trajectory.id,
        taskId: r.trajectory.task.id,
        taskExternalId: r.trajectory.task.externalId,
        benchmark: r.trajectory.task.benchmark,
        checkpointName: r.checkpoint.name,
        reasons: u.reasons,
        ratings: u.ratings,
        notYours: ownWorkConflict(
          actor,
          'diagnosis:adjudicate',
          u.ratings.map((x) => x.authorId),
        ),
        adjudication: a
          ? {
              id: a.id,
              chosenDiagnosisId: a.chosenDiagnosisId,
              category: a.category,
              eventStart: a.eventStart,
              eventEnd: a.eventEnd,
              whatWentWrong: a.whatWentWrong,
              whatShouldHaveHappened: a.whatShouldHaveHappened,
              reviewer: a.reviewer.name,
              updatedAt: a.updatedAt.toISOString(),
            }
          : null,
      },
    ];
  });
  return pageOf(items, wanted.length, page);
}
