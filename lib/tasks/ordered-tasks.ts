import { Prisma } from '@prisma/client';
import { containsPattern, literalInt, queryRows } from '@/lib/db/sql';
import { toPrismaPage } from '@/lib/http/pagination';
import type { TaskCursor } from './task-cursor';

/** What selects and positions a page of the task list (TaskListQuery, decoded). */
export type TaskPageQuery = {
  page: number;
  pageSize: number;
  benchmark?: string;
  ability?: string;
  model?: string;
  taskId?: string;
  /** Many tasks match `taskId` (listTasks knows from its count): the search walks the list order, see externalIdContains. */
  manyMatch?: boolean;
  importId?: string;
  after?: TaskCursor;
  before?: TaskCursor;
};

/** A task's trajectories per model, agent and outcome, with their checkpoint results summed. */
export type TaskRunGroup = {
  model: string;
  agent: string | null;
  passed: boolean;
  n: number;
  cpPassed: number;
  cpTotal: number;
};

/**
 * Task."runGroups": one array per field, in the same group order (each null
 * for a task without trajectories). See pageOfCandidates.
 */
type RunColumns = [
  string[] | null,
  (string | null)[] | null,
  boolean[] | null,
  number[] | null,
  number[] | null,
  number[] | null,
];

type TaskRowRead = {
  id: string;
  benchmark: string;
  externalId: string;
  ability: string | null;
  instruction: string;
  runs: RunColumns;
};
export type TaskRow = Omit<TaskRowRead, 'runs'> & { runs: TaskRunGroup[] };

function runGroups([models, agents, passed, n, cpPassed, cpTotal]: RunColumns): TaskRunGroup[] {
  return (models ?? []).map((model, i) => ({
    model,
    agent: agents![i],
    passed: passed![i],
    n: n![i],
    cpPassed: cpPassed![i],
    cpTotal: cpTotal![i],
  }));
}

export const EXCERPT = 180;

/**
 * The task search: part of the benchmark's task id. From three characters on
 * an ILIKE that the trigram index (Task_externalId_trgm_idx) answers: the
 * search "airline/49" walked each benchmark's tasks in list order testing
 * every id, 0.11x the no-op at 5,000 tasks, now ~0.5x. A shorter text has no
 * trigram to look up: through the index it would read all of it, so it is
 * written as a test the index cannot serve, and the
 * benchmark's tasks are walked in order, where matches come at once.
 * The same walk serves a longer text that many tasks match (`manyMatch`):
 * through the trigram index, "air" would read every airline task once per
 * benchmark and sort them all for a page of 50.
 */
function externalIdContains(text: string, manyMatch: boolean): Prisma.Sql {
  return text.length >= 3 && !manyMatch
    ? Prisma.sql`t."externalId" ILIKE ${containsPattern(text)}`
    : Prisma.sql`strpos(lower(t."externalId"), lower(${text})) > 0`;
}

/** WHERE conditions over `"Task" t`, shared by the page and its count. */
export function taskConditions(query: TaskPageQuery): Prisma.Sql {
  const conditions = [Prisma.sql`TRUE`];
  if (query.benchmark) conditions.push(Prisma.sql`t.benchmark = ${query.benchmark}`);
  if (query.ability) conditions.push(Prisma.sql`t.ability = ${query.ability}`);
  if (query.model)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr.model = ${query.model})`,
    );
  if (query.taskId)
    conditions.push(
      Prisma.sql`(t.id = ${query.taskId} OR ${externalIdContains(query.taskId, query.manyMatch ?? false)})`,
    );
  if (query.importId)
    conditions.push(
      Prisma.sql`EXISTS (SELECT 1 FROM "Trajectory" tr WHERE tr."taskId" = t.id AND tr."importJobId" = ${query.importId})`,
    );
  return Prisma.join(conditions, ' AND ');
}

// The benchmarks in list order with their newest task: a (backward) skip scan of
// `Task_benchmark_createdAt_idx`, one probe per benchmark (a handful).
const BENCHMARKS = Prisma.sql`benchmarks AS (
  (SELECT benchmark, "createdAt" AS latest FROM "Task" ORDER BY benchmark DESC, "createdAt" DESC LIMIT 1)
  UNION ALL
  SELECT n.benchmark, n.latest FROM benchmarks b CROSS JOIN LATERAL (
    SELECT benchmark, "createdAt" AS latest FROM "Task" WHERE benchmark < b.benchmark ORDER BY benchmark DESC, "createdAt" DESC LIMIT 1
  ) n
)`;

type Direction = 'forward' | 'backward';

/** The list order over `p` (rows carrying their benchmark's `latest`), or its reverse. */
function listOrder(p: string, dir: Direction): Prisma.Sql {
  return Prisma.raw(
    dir === 'forward'
      ? `${p}.latest DESC, ${p}.benchmark, ${p}.ability NULLS LAST, length(${p}."externalId"), ${p}."externalId"`
      : `${p}.latest ASC, ${p}.benchmark DESC, ${p}.ability DESC NULLS FIRST, length(${p}."externalId") DESC, ${p}."externalId" DESC`,
  );
}

/**
 * Up to `limit` tasks of one benchmark matching `where`, in list order (or
 * reversed): an ordered scan of `Task_list_order_idx` (benchmark, ability,
 * length("externalId"), "externalId") — whose NULLS LAST default is the list's
 * order — that stops after `limit` rows. The index carries the id too, so a
 * search or ability filter is tested on the index entries, without visiting
 * the task rows it skips (task_list_order_index_covers_id migration).
 */
function benchmarkSlice(benchmark: Prisma.Sql, where: Prisma.Sql, dir: Direction, limit: number): Prisma.Sql {
  const order = dir === 'forward' ? 'ASC NULLS LAST' : 'DESC NULLS FIRST';
  const by = dir === 'forward' ? 'ASC' : 'DESC';
  return Prisma.sql`SELECT t.id, t.benchmark, t."externalId", t.ability FROM "Task" t
    WHERE t.benchmark = ${benchmark} AND ${where}
    ORDER BY t.ability ${Prisma.raw(order)}, length(t."externalId") ${Prisma.raw(by)}, t."externalId" ${Prisma.raw(by)}
    LIMIT ${literalInt(limit)}`;
}

/**
 * The rest of the cursor's benchmark beyond the cursor, as conditions that are
 * each one range scan of the index, nearest first. A row comparison is never
 * true for a NULL ability, so the tasks without one (listed last) are their
 * own part: after a task with an ability come the later abilities, then the
 * NULLs; before a task without one come the earlier NULLs, then every ability.
 */
function beyondCursor(c: TaskCursor, dir: Direction): Prisma.Sql[] {
  const op = Prisma.raw(dir === 'forward' ? '>' : '<');
  const id = Prisma.sql`(length(t."externalId"), t."externalId") ${op} (length(${c.externalId}::text), ${c.externalId})`;
  if (c.ability === null) {
    const sameGroup = Prisma.sql`t.ability IS NULL AND ${id}`;
    return dir === 'forward' ? [sameGroup] : [sameGroup, Prisma.sql`t.ability IS NOT NULL`];
  }
  const ranged = Prisma.sql`(t.ability, length(t."externalId"), t."externalId") ${op} (${c.ability}, length(${c.externalId}::text), ${c.externalId})`;
  return dir === 'forward' ? [ranged, Prisma.sql`t.ability IS NULL`] : [ranged];
}

/**
 * The page: `limit` of `candidates` (rows with their benchmark's `latest`)
 * nearest the start (or the cursor), then their instruction's start (lists
 * show an excerpt) and their runs, in list order. The runs are the task's
 * `runGroups`, kept by triggers on Trajectory (prisma/sql/task-run-groups.sql):
 * grouping each task's trajectories here, per request, was half of the
 * statement's time. They come as one JSON array per field (RunColumns).
 */
function pageOfCandidates(candidates: Prisma.Sql, dir: Direction, limit: number, offset = 0): Prisma.Sql {
  return Prisma.sql`
    SELECT p.id, p.benchmark, p."externalId", p.ability, left(t.instruction, ${EXCERPT * 2}) AS instruction,
           t."runGroups" AS runs
    FROM (SELECT * FROM (${candidates}) s ORDER BY ${listOrder('s', dir)} LIMIT ${literalInt(limit)}${offset ? Prisma.sql` OFFSET ${literalInt(offset)}` : Prisma.empty}) p
    JOIN "Task" t ON t.id = p.id
    ORDER BY ${listOrder('p', 'forward')}`;
}

/**
 * A numbered page (OFFSET): each benchmark's first skip+take tasks, merged in
 * list order. Deep pages read more rows; Next/Previous use cursors instead.
 */
function offsetPage(query: TaskPageQuery): Prisma.Sql {
  const { skip, take } = toPrismaPage(query);
  const candidates = Prisma.sql`
    SELECT x.*, b.latest FROM benchmarks b CROSS JOIN LATERAL (${benchmarkSlice(Prisma.sql`b.benchmark`, taskConditions(query), 'forward', skip + take)}) x`;
  return Prisma.sql`WITH RECURSIVE ${BENCHMARKS} ${pageOfCandidates(candidates, 'forward', take, skip)}`;
}

/**
 * A page next to a cursor: the rest of the cursor's benchmark (one or two
 * index range scans) and, in list order beyond it, the first pageSize tasks
 * of each following (or, backwards, the last of each preceding) benchmark;
 * pageSize of these nearest the cursor make the page. Every page reads the
 * same few rows however deep it is.
 */
function cursorPage(query: TaskPageQuery, c: TaskCursor, dir: Direction): Prisma.Sql {
  const take = query.pageSize;
  const where = taskConditions(query);
  const cursorBenchmark = Prisma.sql`${c.benchmark}`;
  const rest = beyondCursor(c, dir).map(
    (part) => Prisma.sql`(${benchmarkSlice(cursorBenchmark, Prisma.sql`${where} AND ${part}`, dir, take)})`,
  );
  // Benchmarks beyond the cursor's in list order (latest DESC, benchmark ASC), read from the small CTE.
  const beyond =
    dir === 'forward'
      ? Prisma.sql`b.latest < h.latest OR (b.latest = h.latest AND b.benchmark > h.benchmark)`
      : Prisma.sql`b.latest > h.latest OR (b.latest = h.latest AND b.benchmark < h.benchmark)`;
  const candidates = Prisma.sql`
    SELECT x.*, b.latest FROM (
      ${Prisma.join(rest, ' UNION ALL ')}
      UNION ALL
      SELECT n.* FROM benchmarks b JOIN here h ON ${beyond} CROSS JOIN LATERAL (${benchmarkSlice(Prisma.sql`b.benchmark`, where, dir, take)}) n
    ) x JOIN benchmarks b ON b.benchmark = x.benchmark`;
  return Prisma.sql`WITH RECURSIVE ${BENCHMARKS}, here AS (SELECT benchmark, latest FROM benchmarks WHERE benchmark = ${c.benchmark})
    ${pageOfCandidates(candidates, dir, take)}`;
}

/**
 * One page of tasks in list order: the most recently imported benchmark first
 * (what people just imported, not the demo seed), then natural order within a
 * benchmark and ability ("airline/2" before "airline/16": shorter ids first,
 * then by text), which Prisma's orderBy cannot express. Index-driven, never a
 * sort of every task.
 */
export async function orderedTasks(query: TaskPageQuery): Promise<TaskRow[]> {
  const statement = query.after
    ? cursorPage(query, query.after, 'forward')
    : query.before
      ? cursorPage(query, query.before, 'backward')
      : offsetPage(query);
  return (await queryRows<TaskRowRead>(statement)).map((t) => ({ ...t, runs: runGroups(t.runs) }));
}
