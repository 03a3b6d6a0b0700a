import { Prisma } from '@prisma/client';
import { queryLong } from '@/lib/db/sql';
import type { ArmSpec, CompareScope } from './arm-spec';

/** One run of an arm, the columns pairing and the report read (never events or text). */
export type ArmRun = {
  id: string;
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  ability: string | null;
  model: string;
  agent: string | null;
  trial: number | null;
  passed: boolean;
  checkpointCount: number;
  checkpointsPassed: number;
  eventCount: number;
  release: string | null;
  cardIds: string[];
  /** The run's own cost and tokens when its source recorded them (τ²-bench: metadata.agent_cost). */
  cost: number | null;
  tokens: number | null;
  createdAt: Date;
};

/** The conditions of one arm and the shared scope on trajectories `t` (the task fields are copied onto them). */
export function armWhere(arm: ArmSpec, scope: CompareScope, taskIds: string[] | null): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (arm.release === null) parts.push(Prisma.sql`t."memoryRelease" IS NULL`);
  else if (arm.release !== undefined) parts.push(Prisma.sql`t."memoryRelease" = ${arm.release}`);
  if (arm.model) parts.push(Prisma.sql`t.model = ${arm.model}`);
  if (arm.agent) parts.push(Prisma.sql`t.agent = ${arm.agent}`);
  if (arm.importId) parts.push(Prisma.sql`t."importJobId" = ${arm.importId}`);
  if (scope.benchmark) parts.push(Prisma.sql`t.benchmark = ${scope.benchmark}`);
  if (scope.ability) parts.push(Prisma.sql`t.ability = ${scope.ability}`);
  if (taskIds) parts.push(Prisma.sql`t."taskId" = ANY(${taskIds}::text[])`);
  return Prisma.join(parts, ' AND ');
}

// A number only when the source wrote a number: a string or an object there is not a cost.
const numberAt = (path: Prisma.Sql) =>
  Prisma.sql`CASE WHEN jsonb_typeof(t.metadata #> ${path}) = 'number' THEN (t.metadata #>> ${path})::float8 END`;

/**
 * Every run of one arm within the scope. `taskIds` (the scope's task, resolved) narrows to those tasks.
 * Through the `postgres` driver's long-statement pool: an arm is tens of thousands of rows, which it
 * decodes directly where Prisma's raw query would turn each through its engine.
 */
export async function loadArmRuns(arm: ArmSpec, scope: CompareScope, taskIds: string[] | null): Promise<ArmRun[]> {
  return queryLong<ArmRun>(Prisma.sql`
    SELECT t.id, t."taskId", t."taskExternalId", t.benchmark, t.ability, t.model, nullif(t.agent, '') AS agent, t.trial, t.passed,
           t."checkpointCount", t."checkpointsPassed", t."eventCount", t."memoryRelease" AS release, t."memoryCardIds" AS "cardIds",
           ${numberAt(Prisma.sql`'{agent_cost}'::text[]`)} AS cost,
           coalesce(${numberAt(Prisma.sql`'{total_tokens}'::text[]`)}, ${numberAt(Prisma.sql`'{usage,total_tokens}'::text[]`)}) AS tokens,
           t."createdAt"
    FROM "Trajectory" t
    WHERE ${armWhere(arm, scope, taskIds)}
    ORDER BY t."createdAt", t.id`);
}
