/**
 * The pass-rate and card-impact queries as the dashboard ran them before the
 * per-trajectory summary counts (dashboard_summary migration): every checkpoint
 * result joined and counted per view. Kept only as the benchmark's baseline so
 * bench:dashboard shows the gain measured in the same run.
 */
import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';

const checkpointsPerTrajectory = Prisma.sql`
  cp AS (
    SELECT cr."trajectoryId", count(*)::int AS n, (count(*) FILTER (WHERE cr.passed))::int AS p
    FROM "CheckpointResult" cr JOIN tr ON tr.id = cr."trajectoryId" GROUP BY cr."trajectoryId"
  )`;

export const passRatesBefore = () =>
  prisma.$queryRaw(Prisma.sql`
    WITH tr AS (
      SELECT t.id, t.model, k.ability, t."memoryRelease" AS release, t.passed FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
    ), ${checkpointsPerTrajectory}
    SELECT GROUPING(tr.model, tr.ability, tr.release)::int AS grp, tr.model, tr.ability, tr.release,
           count(*)::int AS trajectories, (count(*) FILTER (WHERE tr.passed))::int AS "tasksPassed",
           coalesce(sum(cp.n), 0)::int AS checkpoints, coalesce(sum(cp.p), 0)::int AS "checkpointsPassed"
    FROM tr LEFT JOIN cp ON cp."trajectoryId" = tr.id
    GROUP BY GROUPING SETS ((tr.model), (tr.ability), (tr.release, tr.model))`);

export const cardImpactBefore = () =>
  prisma.$queryRaw(Prisma.sql`
    WITH tr AS (
      SELECT t.id, t.model, coalesce(k.ability, '') AS ability, coalesce(t."memoryRelease", '') AS release, t."memoryCardIds" AS cards
      FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
    ), ${checkpointsPerTrajectory}, t2 AS (
      SELECT tr.*, coalesce(cp.n, 0) AS n, coalesce(cp.p, 0) AS p FROM tr LEFT JOIN cp ON cp."trajectoryId" = tr.id
    ), cells AS (
      SELECT release, ability, model, count(*)::int AS t, sum(n)::int AS n, sum(p)::int AS p FROM t2 GROUP BY 1, 2, 3
    ), inj AS (
      SELECT card, release, ability, model, count(*)::int AS t, sum(n)::int AS n, sum(p)::int AS p
      FROM (SELECT DISTINCT t2.id, c.card, t2.release, t2.ability, t2.model, t2.n, t2.p FROM t2 CROSS JOIN LATERAL unnest(t2.cards) AS c(card)) x
      GROUP BY 1, 2, 3, 4
    )
    SELECT inj.card, nullif(inj.release, '') AS release, sum(inj.t)::int AS it, sum(cells.t - inj.t)::int AS ct
    FROM inj JOIN cells USING (release, ability, model) GROUP BY inj.card, inj.release`);
