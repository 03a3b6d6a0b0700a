import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { containsPattern, literalInt, queryRows } from '@/lib/db/sql';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { countWithCache } from '@/lib/live/large-count';
import { listFilterValues } from '@/lib/tasks/list-filter-values';

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

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

/** WHERE conditions over `"Task" t`, shared by the page and its count. */
function taskConditions(query: TaskListQuery): Prisma.Sql {
  const conditions = [Prisma.sql`TRUE`];
  if (query.benchmark) conditions.push(Prisma.sql`t.benchmark = ${query.benchmark}`);
  if (query.ability) conditions.push(Prisma.sql`t.ability = ${query.ability}`);
  if (query.model) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr.model = ${query.model})`);
  if (query.taskId) conditions.push(Prisma.sql`(t.id = ${query.taskId} OR t."externalId" ILIKE ${containsPattern(query.taskId)})`);
  if (query.importId) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr."importJobId" = ${query.importId})`);
  return Prisma.join(conditions, ' AND ');
}

type TaskRow = { id: string; benchmark: string; externalId: string; ability: string | null; instruction: string };

/**
 * One page of tasks: the most recently imported benchmark first (what people
 * just imported, not the demo seed), then natural order within a benchmark
 * and ability ("airline/2" before "airline/16": shorter ids first, then by
 * text), which Prisma's orderBy cannot express. Only the start of the
 * instruction is read (lists show an excerpt).
 *
 * Index-driven, never a sort of every task: the benchmarks and their newest
 * task come from a (backward) skip scan of `Task_benchmark_createdAt_idx` (one
 * probe per benchmark, a handful), and each benchmark's tasks from an ordered scan of
 * `Task_list_order_idx` that stops after the page; only those few rows are
 * sorted into the page.
 */
async function orderedTasks(query: TaskListQuery): Promise<TaskRow[]> {
  const { skip, take } = toPrismaPage(query);
  return queryRows<TaskRow>(Prisma.sql`
    WITH RECURSIVE benchmarks AS (
      (SELECT benchmark, "createdAt" AS latest FROM "Task" ORDER BY benchmark DESC, "createdAt" DESC LIMIT 1)
      UNION ALL
      SELECT n.benchmark, n.latest FROM benchmarks b CROSS JOIN LATERAL (
        SELECT benchmark, "createdAt" AS latest FROM "Task" WHERE benchmark < b.benchmark ORDER BY benchmark DESC, "createdAt" DESC LIMIT 1
      ) n
    ), page AS (
      SELECT x.id, b.latest, x.benchmark, x.ability, x."externalId"
      FROM benchmarks b CROSS JOIN LATERAL (
        SELECT t.id, t.benchmark, t."externalId", t.ability
        FROM "Task" t WHERE t.benchmark = b.benchmark AND ${taskConditions(query)}
        ORDER BY t.ability NULLS LAST, length(t."externalId"), t."externalId"
        LIMIT ${literalInt(skip + take)}
      ) x
      ORDER BY b.latest DESC, b.benchmark, x.ability NULLS LAST, length(x."externalId"), x."externalId"
      LIMIT ${literalInt(take)} OFFSET ${literalInt(skip)}
    )
    -- The instruction is read for the page's rows only.
    SELECT p.id, p.benchmark, p."externalId", p.ability, left(t.instruction, ${EXCERPT * 2}) AS instruction
    FROM page p JOIN "Task" t ON t.id = p.id
    ORDER BY p.latest DESC, p.benchmark, p.ability NULLS LAST, length(p."externalId"), p."externalId"`);
}

type RunGroup = { taskId: string; model: string; agent: string | null; passed: boolean; n: bigint; cpPassed: bigint; cpTotal: bigint };

/**
 * Runs per task, model, agent and outcome, with their checkpoint results
 * summed from each trajectory's counters (kept exact by triggers, see the
 * dashboard summary migration) instead of counting every checkpoint row.
 */
function runGroups(ids: string[]) {
  return queryRows<RunGroup>(Prisma.sql`
    SELECT tr."taskId" AS "taskId", tr.model, tr.agent, tr.passed, count(*) AS n,
           sum(tr."checkpointsPassed")::bigint AS "cpPassed", sum(tr."checkpointCount")::bigint AS "cpTotal"
    FROM "Trajectory" tr
    WHERE tr."taskId" = ANY(${ids}::text[])
    GROUP BY 1, 2, 3, 4`);
}

/**
 * The task list: tasks with their runs grouped by model (and agent, since the
 * same model under two harnesses is two different attempts), pass/fail per
 * model and the checkpoint pass rate over every result. One query for the page,
 * one aggregate for its runs, and a count that is cached when large.
 */
export async function listTasks(actor: Actor, query: TaskListQuery): Promise<Page<TaskListItem>> {
  requirePermission(actor, 'trajectory:read');
  const { page: _p, pageSize: _s, ...filters } = query;
  const [tasks, { count: total }] = await Promise.all([
    orderedTasks(query),
    // New tasks arrive with trajectories, which notify the queue channel.
    countWithCache(['queue'], `tasks:${JSON.stringify(filters)}`, Prisma.sql`"Task" t WHERE ${taskConditions(query)}`),
  ]);
  if (!tasks.length) return pageOf([], total, query);
  const groups = await runGroups(tasks.map((t) => t.id));

  const modelsByTask = new Map<string, Map<string, TaskModelRuns>>();
  const rateByTask = new Map<string, { passed: number; total: number }>();
  for (const r of groups) {
    const byModel = modelsByTask.get(r.taskId) ?? new Map<string, TaskModelRuns>();
    modelsByTask.set(r.taskId, byModel);
    const key = `${r.model}\u0000${r.agent ?? ''}`;
    const entry = byModel.get(key) ?? { model: r.model, agent: r.agent, passed: 0, failed: 0 };
    if (r.passed) entry.passed += Number(r.n);
    else entry.failed += Number(r.n);
    byModel.set(key, entry);
    const rate = rateByTask.get(r.taskId) ?? { passed: 0, total: 0 };
    rate.passed += Number(r.cpPassed);
    rate.total += Number(r.cpTotal);
    rateByTask.set(r.taskId, rate);
  }

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
  return listFilterValues();
}
