import { z } from 'zod';
import { ownWorkConflict, requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, type Page } from '@/lib/http/pagination';
import {
  isRunTargetId,
  RUN_LEVEL_NAME,
  RUN_TARGET_PREFIX,
  runTargetId,
  targetIdOf,
} from '@/lib/trajectories/run-target';
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
  /** The unit's target: the checkpoint result's id, or `run:<trajectoryId>` for a run diagnosed as a whole. */
  targetId: string;
  /** The target on the wire (adjudicate's input): exactly one is set. */
  checkpointResultId: string | null;
  runTrajectoryId: string | null;
  trajectoryId: string;
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  /** The checkpoint's name, or "The run as a whole". */
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
 * The reviewers' list: targets (failed checkpoints, and runs diagnosed as a whole) whose diagnoses disagree on
 * the category or on the range (IoU below 0.5), oldest first; `status` open (not adjudicated yet), adjudicated,
 * or all.
 */
export async function listDisagreements(actor: Actor, raw: Record<string, unknown>): Promise<Page<Disagreement>> {
  requirePermission(actor, 'diagnosis:read-all');
  const q = disagreementQuerySchema.parse(raw);
  const page = pageQuerySchema.parse(raw);
  const units = (await loadAgreementUnits(q))
    .map((u) => ({ ...u, reasons: disagreementReasons(u) }))
    .filter((u) => u.reasons.length > 0);
  const runIds = (ids: string[]) => ids.filter(isRunTargetId).map((id) => id.slice(RUN_TARGET_PREFIX.length));
  const checkpointIds = (ids: string[]) => ids.filter((id) => !isRunTargetId(id));
  const unitIds = units.map((u) => u.checkpointResultId);
  const adjudications = await prisma.adjudication.findMany({
    where: {
      OR: [{ checkpointResultId: { in: checkpointIds(unitIds) } }, { runTrajectoryId: { in: runIds(unitIds) } }],
    },
    include: { category: { select: { id: true, label: true } }, reviewer: { select: { name: true } } },
  });
  const adj = new Map(adjudications.map((a) => [targetIdOf(a), a]));
  const wanted = units.filter(
    (u) => q.status === 'all' || (q.status === 'adjudicated') === adj.has(u.checkpointResultId),
  );
  const slice = wanted.slice((page.page - 1) * page.pageSize, page.page * page.pageSize);
  const sliceIds = slice.map((u) => u.checkpointResultId);
  const TASK = { select: { id: true, externalId: true, benchmark: true } } as const;
  const [results, runs] = await Promise.all([
    prisma.checkpointResult.findMany({
      where: { id: { in: checkpointIds(sliceIds) } },
      include: { checkpoint: { select: { name: true } }, trajectory: { select: { id: true, task: TASK } } },
    }),
    prisma.trajectory.findMany({ where: { id: { in: runIds(sliceIds) } }, select: { id: true, task: TASK } }),
  ]);
  const byId = new Map<string, { trajectory: (typeof runs)[number]; checkpointName: string }>([
    ...results.map((r) => [r.id, { trajectory: r.trajectory, checkpointName: r.checkpoint.name }] as const),
    ...runs.map((t) => [runTargetId(t.id), { trajectory: t, checkpointName: RUN_LEVEL_NAME }] as const),
  ]);
  const items: Disagreement[] = slice.flatMap((u) => {
    const r = byId.get(u.checkpointResultId);
    if (!r) return [];
    const a = adj.get(u.checkpointResultId);
    const run = isRunTargetId(u.checkpointResultId);
    return [
      {
        targetId: u.checkpointResultId,
        checkpointResultId: run ? null : u.checkpointResultId,
        runTrajectoryId: run ? r.trajectory.id : null,
        trajectoryId: r.trajectory.id,
        taskId: r.trajectory.task.id,
        taskExternalId: r.trajectory.task.externalId,
        benchmark: r.trajectory.task.benchmark,
        checkpointName: r.checkpointName,
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
