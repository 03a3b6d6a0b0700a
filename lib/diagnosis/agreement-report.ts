import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { optionalFilterText } from '@/lib/http/filter-text';
import { RUN_TARGET_PREFIX } from '@/lib/trajectories/run-target';
import { cohenKappa, krippendorffAlphaNominal, mean, rangeIoU, type EventRange } from './agreement-stats';

/**
 * Agreement figures over failed checkpoints that two or more annotators
 * diagnosed (overlap k > 1): failure-category agreement (Cohen's kappa per
 * annotator pair, Krippendorff's alpha overall and per category) and the
 * overlap of the anchored event ranges (IoU), each with its n.
 */
export const agreementFilterSchema = z.object({
  benchmark: optionalFilterText(200),
  ability: optionalFilterText(200),
});
export type AgreementFilter = z.infer<typeof agreementFilterSchema>;

/** A cap on the checkpoints read for one report: beyond it the report says so. */
export const MAX_AGREEMENT_UNITS = 5000;
/** Diagnoses whose ranges overlap less than this are "disagreeing on range". */
export const RANGE_DISAGREEMENT_IOU = 0.5;
const UNCATEGORISED = '(none)';

export type UnitRating = {
  diagnosisId: string;
  authorId: string;
  authorName: string;
  categoryId: string | null;
  categoryLabel: string | null;
  range: EventRange | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
};
/** `checkpointResultId`: the unit's target, a checkpoint result's id or `run:<trajectoryId>` (run-target.ts). */
export type AgreementUnit = { checkpointResultId: string; ratings: UnitRating[] };

export type PairFigure = {
  a: string;
  b: string;
  aName: string;
  bName: string;
  n: number;
  kappa: number | null;
  agreement: number | null;
  iou: number | null;
  iouN: number;
};
export type CategoryFigure = { categoryId: string | null; label: string; n: number; alpha: number | null };
export type AgreementFigures = {
  units: number;
  ratings: number;
  annotators: number;
  alpha: number | null;
  kappa: number | null;
  agreement: number | null;
  iou: number | null;
  iouN: number;
  pairs: PairFigure[];
  categories: CategoryFigure[];
  truncated: boolean;
};

type RatingRow = Omit<UnitRating, 'range'> & {
  checkpointResultId: string;
  eventStart: number | null;
  eventEnd: number | null;
};

/**
 * Checkpoint results with at least two submitted diagnoses, in the filter's
 * scope, and their diagnoses, in one statement. The scope reads the task's
 * benchmark and ability from the trajectory (copied there by the
 * queue_task_fields triggers) and joins trajectories only when filtered:
 * joining every diagnosis to its trajectory and task, then sending the units'
 * ids back for their diagnoses, took ~0.8 s of each agreement and
 * disagreements request at 20,000 diagnoses over 100,000 trajectories.
 */
export async function loadAgreementUnits(
  filter: AgreementFilter,
  limit = MAX_AGREEMENT_UNITS,
): Promise<AgreementUnit[]> {
  const scope: Prisma.Sql[] = [Prisma.sql`d."status" = 'SUBMITTED'`];
  if (filter.benchmark) scope.push(Prisma.sql`t."benchmark" = ${filter.benchmark}`);
  if (filter.ability) scope.push(Prisma.sql`t."ability" = ${filter.ability}`);
  const trajectories =
    filter.benchmark || filter.ability ? Prisma.sql`JOIN "Trajectory" t ON t.id = d."trajectoryId"` : Prisma.empty;
  // A unit is a diagnosis target: a failed checkpoint result, or a run diagnosed as a whole ("run:<id>",
  // lib/trajectories/run-target.ts), whose diagnoses have no checkpoint result.
  const unit = Prisma.sql`coalesce(d."checkpointResultId", ${RUN_TARGET_PREFIX} || d."runTrajectoryId")`;
  const rows = await prisma.$queryRaw<RatingRow[]>`
    WITH units AS (
      SELECT ${unit} AS id, min(d."submittedAt") AS first FROM "Diagnosis" d ${trajectories}
      WHERE ${Prisma.join(scope, ' AND ')}
      GROUP BY 1 HAVING count(*) >= 2
      ORDER BY min(d."submittedAt"), 1 LIMIT ${limit}
    )
    SELECT units.id AS "checkpointResultId", d.id AS "diagnosisId", d."authorId", a.name AS "authorName", d."categoryId", c.label AS "categoryLabel",
           d."eventStart", d."eventEnd", d."whatWentWrong", d."whatShouldHaveHappened"
    FROM units JOIN "Diagnosis" d ON (d."checkpointResultId" = units.id
      OR d."runTrajectoryId" = substr(units.id, ${RUN_TARGET_PREFIX.length + 1})) AND ${unit} = units.id AND d."status" = 'SUBMITTED'
    JOIN "User" a ON a.id = d."authorId" LEFT JOIN "FailureCategory" c ON c.id = d."categoryId"
    ORDER BY units.first, units.id, d."submittedAt", d.id`;
  // Units in the order read (oldest first submission first), each unit's diagnoses in submission order.
  const byUnit = new Map<string, UnitRating[]>();
  for (const { checkpointResultId, eventStart, eventEnd, ...d } of rows) {
    const start = eventStart ?? eventEnd;
    const end = eventEnd ?? eventStart;
    const ratings = byUnit.get(checkpointResultId) ?? [];
    if (!ratings.length) byUnit.set(checkpointResultId, ratings);
    ratings.push({ ...d, range: start === null || end === null ? null : { start, end } });
  }
  return [...byUnit.entries()].map(([checkpointResultId, ratings]) => ({ checkpointResultId, ratings }));
}

const cat = (r: UnitRating) => r.categoryId ?? UNCATEGORISED;

/** Pure: the figures from loaded units (exported for tests and the eval script). */
export function computeAgreement(units: AgreementUnit[], truncated = false): AgreementFigures {
  const names = new Map<string, string>();
  const pairData = new Map<string, { labels: [string, string][]; ious: number[] }>();
  const allIous: number[] = [];
  let agreeing = 0;
  let compared = 0;
  for (const u of units) {
    for (const r of u.ratings) names.set(r.authorId, r.authorName);
    for (let i = 0; i < u.ratings.length; i++) {
      for (let j = i + 1; j < u.ratings.length; j++) {
        // Pairs in a stable order (by author id) so (A, B) and (B, A) are one pair.
        const [x, y] = [u.ratings[i], u.ratings[j]].sort((p, q) => p.authorId.localeCompare(q.authorId));
        const key = `${x.authorId}\u0000${y.authorId}`;
        const data = pairData.get(key) ?? { labels: [], ious: [] };
        data.labels.push([cat(x), cat(y)]);
        compared++;
        if (cat(x) === cat(y)) agreeing++;
        if (x.range && y.range) {
          const iou = rangeIoU(x.range, y.range);
          data.ious.push(iou);
          allIous.push(iou);
        }
        pairData.set(key, data);
      }
    }
  }
  const pairs: PairFigure[] = [...pairData.entries()].map(([key, d]) => {
    const [a, b] = key.split('\u0000');
    return {
      a,
      b,
      aName: names.get(a) ?? a,
      bName: names.get(b) ?? b,
      n: d.labels.length,
      kappa: cohenKappa(d.labels),
      agreement: d.labels.filter(([p, q]) => p === q).length / d.labels.length,
      iou: mean(d.ious),
      iouN: d.ious.length,
    };
  });
  pairs.sort((p, q) => q.n - p.n || p.aName.localeCompare(q.aName));

  const labels = new Map<string, string>();
  for (const u of units) for (const r of u.ratings) labels.set(cat(r), r.categoryLabel ?? 'Uncategorised');
  const categories: CategoryFigure[] = [...labels.entries()].map(([id, label]) => ({
    categoryId: id === UNCATEGORISED ? null : id,
    label,
    n: units.reduce((s, u) => s + u.ratings.filter((r) => cat(r) === id).length, 0),
    // This category against every other: how reliably annotators agree on "is it this one".
    alpha: krippendorffAlphaNominal(units.map((u) => u.ratings.map((r) => (cat(r) === id ? 'yes' : 'no')))),
  }));
  categories.sort((p, q) => q.n - p.n || p.label.localeCompare(q.label));

  return {
    units: units.length,
    ratings: units.reduce((s, u) => s + u.ratings.length, 0),
    annotators: names.size,
    alpha: krippendorffAlphaNominal(units.map((u) => u.ratings.map(cat))),
    kappa: pairs.length === 1 ? pairs[0].kappa : null,
    agreement: compared ? agreeing / compared : null,
    iou: mean(allIous),
    iouN: allIous.length,
    pairs,
    categories,
    truncated,
  };
}

export async function getAgreementFigures(actor: Actor, raw: unknown): Promise<AgreementFigures> {
  requirePermission(actor, 'diagnosis:read-all');
  const filter = agreementFilterSchema.parse(raw ?? {});
  const units = await loadAgreementUnits(filter, MAX_AGREEMENT_UNITS + 1);
  return computeAgreement(units.slice(0, MAX_AGREEMENT_UNITS), units.length > MAX_AGREEMENT_UNITS);
}

/** Why a unit's diagnoses disagree: category, range (IoU below the threshold), or both; [] = they agree. */
export function disagreementReasons(u: AgreementUnit): ('category' | 'range')[] {
  const reasons: ('category' | 'range')[] = [];
  if (new Set(u.ratings.map(cat)).size > 1) reasons.push('category');
  const ranged = u.ratings.filter((r) => r.range);
  let rangeOff = false;
  for (let i = 0; i < ranged.length && !rangeOff; i++) {
    for (let j = i + 1; j < ranged.length; j++)
      if (rangeIoU(ranged[i].range!, ranged[j].range!) < RANGE_DISAGREEMENT_IOU) rangeOff = true;
  }
  if (rangeOff) reasons.push('range');
  return reasons;
}
