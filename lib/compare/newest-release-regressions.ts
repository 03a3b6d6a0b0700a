import { Prisma } from '@prisma/client';
import { can, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { newestRoundPair } from './arm-options';
import { parseArm, type ArmSpec, type CompareScope } from './arm-spec';
import { armWhere } from './load-arm-runs';

export type RegressionHeadline = { a: string; b: string; pairs: number; broke: number; fixed: number };

/** The newest run of each (task, trial, model, agent) of one arm, as the report pairs them (a re-run supersedes). */
const newestPerKey = (arm: ArmSpec, scope: CompareScope) => Prisma.sql`
  SELECT DISTINCT ON (t."taskId", coalesce(t.trial, 0), t.model, coalesce(t.agent, ''))
         t."taskId", coalesce(t.trial, 0) AS trial, t.model, coalesce(t.agent, '') AS agent, t.passed
  FROM "Trajectory" t WHERE ${armWhere(arm, scope, null)}
  ORDER BY t."taskId", coalesce(t.trial, 0), t.model, coalesce(t.agent, ''), t."createdAt" DESC, t.id DESC`;

/**
 * The dashboard's headline: how many tasks the newest release turned from pass to fail against the
 * round before it, counted in SQL (no runs leave the database). Pairs share task, trial, model and
 * agent, which is the report's key whenever either round ran more than one model or agent. Null for
 * a role that cannot open the report, or with fewer than two rounds.
 */
export async function newestReleaseRegressions(actor: Actor, scope: CompareScope): Promise<RegressionHeadline | null> {
  if (!can(actor.role, 'compare:read')) return null;
  const pair = await newestRoundPair();
  if (!pair) return null;
  const [row] = await prisma.$queryRaw<{ pairs: number; broke: number; fixed: number }[]>(Prisma.sql`
    WITH a AS (${newestPerKey(parseArm(pair.a, 'a'), scope)}), b AS (${newestPerKey(parseArm(pair.b, 'b'), scope)})
    SELECT count(*)::int AS pairs,
           count(*) FILTER (WHERE a.passed AND NOT b.passed)::int AS broke,
           count(*) FILTER (WHERE NOT a.passed AND b.passed)::int AS fixed
    FROM a JOIN b USING ("taskId", trial, model, agent)`);
  return { ...pair, ...row };
}
