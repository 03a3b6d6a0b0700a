import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';

export const taskListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  benchmark: z.string().trim().max(200).optional().transform((v) => v || undefined),
  ability: z.string().trim().max(200).optional().transform((v) => v || undefined),
  model: z.string().trim().max(300).optional().transform((v) => v || undefined),
  // Part of the benchmark's task id ("airline/1" finds airline/1, airline/10, …) or an internal id.
  taskId: z.string().trim().max(200).optional().transform((v) => v || undefined),
  // Tasks with a trajectory written by this import (the import report links here).
  importId: z.string().trim().max(64).optional().transform((v) => v || undefined),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** One run label on a task: a model under one agent harness, with its pass/fail counts. */
export type TaskModelRuns = { model: string; agent: string | null; passed: number; failed: number };

export type TaskListItem = {
  id: string;
  benchmark: string;
  externalId: string;
  ability: string | null;
  instructionExcerpt: string;
  trajectoryCount: number;
  models: TaskModelRuns[];
  checkpointsPassed: number;
  checkpointsTotal: number;
};

export type TaskFilterOptions = { benchmarks: string[]; abilities: string[]; models: string[] };

const EXCERPT = 180;

/** `%` and `_` typed into the search are literal characters, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

/**
 * One page of task ids in natural order within a benchmark and ability
 * ("airline/2" before "airline/16": shorter ids first, then by text), which
 * Prisma's orderBy cannot express.
 */
async function orderedTaskIds(query: TaskListQuery): Promise<string[]> {
  const conditions = [Prisma.sql`TRUE`];
  if (query.benchmark) conditions.push(Prisma.sql`t.benchmark = ${query.benchmark}`);
  if (query.ability) conditions.push(Prisma.sql`t.ability = ${query.ability}`);
  if (query.model) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr.model = ${query.model})`);
  if (query.taskId) conditions.push(Prisma.sql`(t.id = ${query.taskId} OR t."externalId" ILIKE ${`%${likeEscape(query.taskId)}%`})`);
  if (query.importId) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr."importJobId" = ${query.importId})`);
  const { skip, take } = toPrismaPage(query);
  // Most recently imported benchmark first (the demo seed is not what people came for), then natural order.
  const rows = await prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT t.id FROM "Task" t WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY max(t."createdAt") OVER (PARTITION BY t.benchmark) DESC, t.benchmark, t.ability NULLS LAST, length(t."externalId"), t."externalId"
    LIMIT ${take} OFFSET ${skip}`);
  return rows.map((r) => r.id);
}

/**
 * The task list: tasks with their runs grouped by model (and agent, since the
 * same model under two harnesses is two different attempts), pass/fail per
 * model and the checkpoint pass rate over every result. Two aggregate queries
 * per page, whatever the number of trajectories.
 */
export async function listTasks(actor: Actor, query: TaskListQuery): Promise<Page<TaskListItem>> {
  requirePermission(actor, 'trajectory:read');
  const where: Prisma.TaskWhereInput = {
    benchmark: query.benchmark,
    ability: query.ability,
    AND: [
      ...(query.model ? [{ trajectories: { some: { model: query.model } } }] : []),
      ...(query.importId ? [{ trajectories: { some: { importJobId: query.importId } } }] : []),
      ...(query.taskId ? [{ OR: [{ id: query.taskId }, { externalId: { contains: likeEscape(query.taskId), mode: 'insensitive' as const } }] }] : []),
    ],
  };
  const [ordered, total] = await Promise.all([orderedTaskIds(query), prisma.task.count({ where })]);
  if (!ordered.length) return pageOf([], total, query);
  const rows = await prisma.task.findMany({ where: { id: { in: ordered } }, select: { id: true, benchmark: true, externalId: true, ability: true, instruction: true } });
  const byId = new Map(rows.map((t) => [t.id, t]));
  const tasks = ordered.map((id) => byId.get(id)!).filter(Boolean);
  const ids = tasks.map((t) => t.id);

  const [runs, rates] = await Promise.all([
    prisma.trajectory.groupBy({ by: ['taskId', 'model', 'agent', 'passed'], where: { taskId: { in: ids } }, _count: { _all: true } }),
    prisma.$queryRaw<{ taskId: string; passed: bigint; total: bigint }[]>(Prisma.sql`
      SELECT tr."taskId" AS "taskId", count(*) FILTER (WHERE cr.passed) AS passed, count(*) AS total
      FROM "CheckpointResult" cr JOIN "Trajectory" tr ON tr.id = cr."trajectoryId"
      WHERE tr."taskId" IN (${Prisma.join(ids)})
      GROUP BY tr."taskId"`),
  ]);

  const modelsByTask = new Map<string, Map<string, TaskModelRuns>>();
  for (const r of runs) {
    const byModel = modelsByTask.get(r.taskId) ?? new Map<string, TaskModelRuns>();
    modelsByTask.set(r.taskId, byModel);
    const key = `${r.model}\u0000${r.agent ?? ''}`;
    const entry = byModel.get(key) ?? { model: r.model, agent: r.agent, passed: 0, failed: 0 };
    if (r.passed) entry.passed += r._count._all;
    else entry.failed += r._count._all;
    byModel.set(key, entry);
  }
  const rateByTask = new Map(rates.map((r) => [r.taskId, { passed: Number(r.passed), total: Number(r.total) }]));

  const items = tasks.map((t): TaskListItem => {
    const models = [...(modelsByTask.get(t.id)?.values() ?? [])].sort((a, b) => a.model.localeCompare(b.model) || (a.agent ?? '').localeCompare(b.agent ?? ''));
    const rate = rateByTask.get(t.id) ?? { passed: 0, total: 0 };
    return {
      id: t.id,
      benchmark: t.benchmark,
      externalId: t.externalId,
      ability: t.ability,
      instructionExcerpt: excerpt(t.instruction),
      trajectoryCount: models.reduce((n, m) => n + m.passed + m.failed, 0),
      models,
      checkpointsPassed: rate.passed,
      checkpointsTotal: rate.total,
    };
  });
  return pageOf(items, total, query);
}

/** Values for the filter menus (distinct, sorted). */
export async function taskFilterOptions(actor: Actor): Promise<TaskFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  const [benchmarks, abilities, models] = await Promise.all([
    prisma.task.findMany({ distinct: ['benchmark'], select: { benchmark: true }, orderBy: { benchmark: 'asc' } }),
    prisma.task.findMany({ distinct: ['ability'], where: { ability: { not: null } }, select: { ability: true }, orderBy: { ability: 'asc' } }),
    prisma.trajectory.findMany({ distinct: ['model'], select: { model: true }, orderBy: { model: 'asc' } }),
  ]);
  return {
    benchmarks: benchmarks.map((b) => b.benchmark),
    abilities: abilities.map((a) => a.ability!),
    models: models.map((m) => m.model),
  };
}
