import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { optionalFilterText } from '@/lib/http/filter-text';
import { keysetPageOf, noCursorParam, oneCursorOnly } from '@/lib/http/keyset';
import { pageQuerySchema, type Page } from '@/lib/http/pagination';
import type { LiveChannel } from '@/lib/live/channels';
import { lastLargeCount, pageAndTotal, shortPage } from '@/lib/live/large-count';
import { listFilterValues } from '@/lib/tasks/list-filter-values';
import { TASK_PAGE_SIZE } from '@/lib/tasks/task-filter-keys';
import { EXCERPT, orderedTasks, taskConditions } from './ordered-tasks';
import { taskCursorParam, taskCursorsOf } from './task-cursor';

export const taskListQuerySchema = pageQuerySchema
  .extend({
    pageSize: z.coerce.number().int().min(1).max(100).default(TASK_PAGE_SIZE),
    benchmark: optionalFilterText(200),
    ability: optionalFilterText(200),
    model: optionalFilterText(300),
    // Part of the benchmark's task id ("airline/1" finds airline/1, airline/10, …) or an internal id.
    taskId: optionalFilterText(200),
    // Tasks with a trajectory written by this import (the import report links here).
    importId: optionalFilterText(64),
    // Keyset positions (lib/tasks/task-cursor.ts): Next/Previous read one index range, however deep; `page` stays for "page x of y".
    after: taskCursorParam,
    before: taskCursorParam,
    ...noCursorParam,
  })
  .refine(oneCursorOnly.check, oneCursorOnly.params);
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

// One collator for every list sort: `localeCompare` builds one per call (a visible share of a list request's CPU).
const byName = new Intl.Collator('en').compare;

/**
 * The task list: tasks with their runs grouped by model (and agent, since the
 * same model under two harnesses is two different attempts), pass/fail per
 * model and the checkpoint pass rate over every result. One statement for the
 * page with its runs (lib/tasks/ordered-tasks.ts: by cursor when given, else by
 * page number), and a count that is cached when large.
 */
export async function listTasks(actor: Actor, query: TaskListQuery): Promise<TaskListPage> {
  requirePermission(actor, 'trajectory:read');
  const { page: _p, pageSize: _s, after: _a, before: _b, ...filters } = query;
  const firstPage = query.page === 1 && !query.after && !query.before;
  // New tasks arrive with trajectories, which notify the queue channel.
  const count = { invalidatedBy: ['queue'] as LiveChannel[], key: `tasks:${JSON.stringify(filters)}` };
  // A search whose count was large when last taken walks the list order (ordered-tasks.ts, externalIdContains).
  const read = { ...query, manyMatch: !!query.taskId && lastLargeCount(count.invalidatedBy, count.key) !== undefined };
  const [tasks, { count: total }] = await pageAndTotal(
    { ...count, from: Prisma.sql`"Task" t WHERE ${taskConditions(read)}` },
    () => orderedTasks(read),
    firstPage ? shortPage(query.pageSize) : null,
  );
  const toItem = (t: (typeof tasks)[number]): TaskListItem => {
    const byModel = new Map<string, TaskModelRuns>();
    const rate = { passed: 0, total: 0 };
    for (const r of t.runs) {
      const key = `${r.model}\u0000${r.agent ?? ''}`;
      const entry = byModel.get(key) ?? { model: r.model, agent: r.agent, passed: 0, failed: 0 };
      if (r.passed) entry.passed += r.n;
      else entry.failed += r.n;
      byModel.set(key, entry);
      rate.passed += r.cpPassed;
      rate.total += r.cpTotal;
    }
    const models = [...byModel.values()].sort(
      (a, b) => byName(a.model, b.model) || byName(a.agent ?? '', b.agent ?? ''),
    );
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
  };
  return keysetPageOf(tasks, total, query, toItem, taskCursorsOf);
}

/** Values for the filter menus (distinct, sorted). */
export async function taskFilterOptions(actor: Actor): Promise<TaskFilterOptions> {
  requirePermission(actor, 'trajectory:read');
  return listFilterValues();
}
