import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { cellWhere, narrowsTrajectories, trajectoryWhere, type DashboardFilters } from './filters';
import { rate } from './wilson';

export type CoverageRow = { failed: number; diagnosed: number; coverage: number | null };
export type Coverage = {
  total: CoverageRow;
  /**
   * Failed checkpoints whose submitted diagnosis says "not an agent failure — evaluator / task artefact"
   * (mark-evaluator-artefact.ts): part of `diagnosed`, counted apart so a benchmark's broken checks show.
   */
  artefacts: number;
  byAbility: (CoverageRow & { ability: string | null })[];
  /** Per annotator: submitted and draft diagnoses on the filtered trajectories, and queue items (of those trajectories) they hold now. */
  byAnnotator: { userId: string; name: string; submitted: number; drafts: number; claimed: number }[];
  /** Per week of import: failed checkpoints (and run-level items) imported, and how many of those are diagnosed by now (cumulative coverage too). */
  overTime: (CoverageRow & {
    week: string;
    cumulativeFailed: number;
    cumulativeDiagnosed: number;
    cumulativeCoverage: number | null;
  })[];
};

/**
 * Failed checkpoints and run-level items diagnosed (a submitted diagnosis exists) over all of them, by
 * ability, by annotator and by week. A run-level item is a failed run without a failed checkpoint result,
 * diagnosed as a whole: one unit, like one failed checkpoint.
 */
export async function coverage(f: DashboardFilters): Promise<Coverage> {
  // From the dashboard cube: failed = failed checkpoints + failed runs diagnosed as a whole (run-level items:
  // no failed checkpoint result), diagnosed = those of them with a submitted diagnosis.
  const failed = Prisma.sql`sum(c.checkpoints - c."checkpointsPassed" + c."runLevel")`;
  const cells = (key: Prisma.Sql) => Prisma.sql`
    SELECT ${key}, ${failed}::int AS failed, sum(c.diagnosed)::int AS diagnosed
    FROM "DashboardCell" c WHERE ${cellWhere(f)}
    GROUP BY 1 HAVING ${failed} > 0 ORDER BY 1 NULLS LAST`;
  // Unfiltered, every diagnosis counts: joining each to its trajectory and task for a TRUE condition
  // would make this the slowest panel of the dashboard at scale, for no change in the figure.
  const scope = narrowsTrajectories(f)
    ? Prisma.sql`JOIN "Trajectory" t ON t.id = d."trajectoryId" JOIN "Task" k ON k.id = t."taskId" WHERE ${trajectoryWhere(f)}`
    : Prisma.empty;
  const artefactScope = narrowsTrajectories(f) ? Prisma.sql`${scope} AND` : Prisma.sql`WHERE`;
  const [abilityRows, weekRows, annotators, [artefactRow]] = await Promise.all([
    prisma.$queryRaw<{ ability: string | null; failed: number; diagnosed: number }[]>(
      cells(Prisma.sql`nullif(c.ability, '') AS ability`),
    ),
    prisma.$queryRaw<{ week: Date; failed: number; diagnosed: number }[]>(
      cells(Prisma.sql`date_trunc('week', c.day::timestamp) AS week`),
    ),
    prisma.$queryRaw<{ userId: string; name: string; submitted: number; drafts: number; claimed: number }[]>(Prisma.sql`
      WITH d AS (
        SELECT d."authorId", (count(*) FILTER (WHERE d.status = 'SUBMITTED'))::int AS submitted, (count(*) FILTER (WHERE d.status = 'DRAFT'))::int AS drafts
        FROM "Diagnosis" d ${scope} GROUP BY d."authorId"
      ), c AS (
        -- Claims on the filtered trajectories only: a claim on another benchmark is not progress on these figures.
        SELECT q."userId", count(*)::int AS claimed
        FROM "QueueClaim" q JOIN "Trajectory" t ON t.id = q."trajectoryId" JOIN "Task" k ON k.id = t."taskId"
        WHERE q."expiresAt" > (now() AT TIME ZONE 'UTC') AND ${trajectoryWhere(f)} GROUP BY q."userId"
      )
      SELECT u.id AS "userId", u.name, coalesce(d.submitted, 0) AS submitted, coalesce(d.drafts, 0) AS drafts, coalesce(c.claimed, 0) AS claimed
      FROM "User" u LEFT JOIN d ON d."authorId" = u.id LEFT JOIN c ON c."userId" = u.id
      WHERE d."authorId" IS NOT NULL OR c."userId" IS NOT NULL
      ORDER BY submitted DESC, u.name`),
    prisma.$queryRaw<{ n: number }[]>(Prisma.sql`
      SELECT count(DISTINCT d."checkpointResultId")::int AS n FROM "Diagnosis" d
      ${artefactScope} d.status = 'SUBMITTED' AND d.outcome = 'EVALUATOR_ARTEFACT'`),
  ]);
  const row = (failed: number, diagnosed: number): CoverageRow => ({
    failed,
    diagnosed,
    coverage: rate(diagnosed, failed),
  });
  let cf = 0;
  let cd = 0;
  const overTime = weekRows.map((w) => {
    cf += w.failed;
    cd += w.diagnosed;
    return {
      week: w.week.toISOString().slice(0, 10),
      ...row(w.failed, w.diagnosed),
      cumulativeFailed: cf,
      cumulativeDiagnosed: cd,
      cumulativeCoverage: rate(cd, cf),
    };
  });
  const totalFailed = abilityRows.reduce((s, r) => s + r.failed, 0);
  const totalDiagnosed = abilityRows.reduce((s, r) => s + r.diagnosed, 0);
  return {
    total: row(totalFailed, totalDiagnosed),
    artefacts: artefactRow?.n ?? 0,
    byAbility: abilityRows.map((r) => ({ ability: r.ability, ...row(r.failed, r.diagnosed) })),
    byAnnotator: annotators,
    overTime,
  };
}
