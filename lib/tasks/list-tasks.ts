import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { queryRows } from '@/lib/db/sql';
import { oneCursorOnly } from '@/lib/http/keyset';
import { pageOf, pageQuerySchema, type Page } from '@/lib/http/pagination';
import { countWithCache } from '@/lib/live/large-count';
import { listFilterValues } from '@/lib/tasks/list-filter-values';
import { TASK_PAGE_SIZE } from '@/lib/tasks/task-filter-keys';
import { EXCERPT, orderedTasks, taskConditions } from './ordered-tasks';
import { taskCursorParam, taskCursorsOf } from './task-cursor';

export const taskListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(100).default(TASK_PAGE_SIZE),
  benchmark: z.string().trim().max(200).optional().transform((v) => v || undefined),
  ability: z.string().trim().max(200).optional().transform((v) => v || undefined),
  model: z.string().trim().max(300).optional().transform((v) => v || undefined),
  // Part of the benchmark's task id ("airline/1" finds airline/1, airline/10, …) or an internal id.
  taskId: z.string().trim().max(200).optional().transform((v) => v || undefined),
  // Tasks with a trajectory written by this import (the import report links here).
  importId: z.string().trim().max(64).optional().transform((v) => v || undefined),
  // Keyset positions (lib/tasks/task-cursor.ts): Next/Previous read one index range, however deep; `page` stays for "page x of y".
  after: taskCursorParam,
  before: taskCursorParam,
}).refine(oneCursorOnly.check, oneCursorOnly.params);
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

// `cursors`: positions for the next (`after`) and previous (`before`) page.
export type TaskListPage = Page<TaskListItem> & { cursors: { after: string | null; before: string | null } };

export type TaskFilterOptions = { benchmarks: string[]; abilities: string[]; models: string[] };

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
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
 * model and the checkpoint pass rate over every result. One query for the page
 * (lib/tasks/ordered-tasks.ts: by cursor when given, else by page number), one
 * aggregate for its runs, and a count that is cached when large.
 */
export async function listTasks(actor: Actor, query: TaskListQuery): Promise<TaskListPage> {
  requirePermission(actor, 'trajectory:read');
  const { page: _p, pageSize: _s, after: _a, before: _b, ...filters } = query;
  const [tasks, { count: total }] = await Promise.all([
    orderedTasks(query),
    // New tasks arrive with trajectories, which notify the queue channel.
    countWithCache(['queue'], `tasks:${JSON.stringify(filters)}`, Prisma.sql`"Task" t WHERE ${taskConditions(query)}`),
  ]);
  const cursors = taskCursorsOf(tasks);
  if (!tasks.length) return { ...pageOf([], total, query), cursors };
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
  return { ...pageOf(items, total, query), cursors };
}

/** Values for the filter menus (distinct, sorted). */
export async function taskFilterOptions(actor: Actor): Promise<TaskFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  return listFilterValues();
}
