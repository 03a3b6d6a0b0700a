import type { ImportErrorKind, ImportSource, ImportStatus, Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { markInterruptedImports } from './fail-stale-imports';
import { pageOf, pageParam, toPrismaPage, type Page, type PageQuery } from '@/lib/http/pagination';

export type ImportErrorView = {
  kind: ImportErrorKind;
  file: string;
  line: number | null;
  recordIndex: number | null;
  path: string | null;
  reason: string;
};

export type ImportJobSummary = {
  id: string;
  status: ImportStatus;
  format: string | null;
  source: ImportSource;
  fileName: string;
  createdBy: string | null;
  recordsTotal: number;
  importedCount: number;
  presentCount: number;
  conflictCount: number;
  failedCount: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
};

/**
 * `errors` are problems `errorsOffset + 1 … errorsOffset + errorsShown` of `errorCount`, in file order;
 * `warningCount` of them are warnings (kind WARNING: imported anyway, or a note about the file).
 */
export type ImportReport = ImportJobSummary & {
  errors: ImportErrorView[];
  errorCount: number;
  warningCount: number;
  errorsShown: number;
  errorsOffset: number;
  errorsPage: number;
  /**
   * Pages of problems (at least 1). A page past the end answers like every list of the app
   * (`pageCount`, lib/http/pagination.ts): no problems, and this names the last page.
   */
  errorsPageCount: number;
  /** Tasks with a trajectory this import wrote (first REPORT_TASKS of `taskCount`), for the report's links. */
  tasks: { id: string; benchmark: string; externalId: string }[];
  taskCount: number;
  /**
   * Failed runs this import wrote with no failed checkpoint result (e.g. a τ-bench record without
   * reward_info keeps only derived action checks, all passed): the queue holds failed checkpoints, so
   * these never reach it, and the report says so instead of leaving them unseen.
   */
  failedWithoutFailedCheckpoint: number;
  /**
   * Runs this import wrote that never started (TheAgentCompany's 0/0 runs: the environment failed before
   * the agent acted): imported and counted apart, not failures to diagnose, and not in the dashboard's
   * pass rates (Trajectory.notStarted).
   */
  notStarted: number;
  /**
   * The runs this import wrote per model and harness, most first (at most REPORT_MODELS): a τ-bench
   * file's model comes from an option or its file name, so the report shows what it was read as.
   */
  models: { model: string; agent: string | null; runs: number; passed: number }[];
};

export const REPORT_MODELS = 20;

export const REPORT_TASKS = 20;

/** Problems per report page (the API's and the report page's `errorsPage`). */
export const ERRORS_PER_PAGE = 500;

/** A report's query string (`?errorsPage=2`), read by the API and the report page alike. */
export const importReportQuerySchema = z.object({ errorsPage: pageParam('errorsPage') });

const SUMMARY_SELECT = {
  id: true,
  status: true,
  format: true,
  source: true,
  fileName: true,
  recordsTotal: true,
  importedCount: true,
  presentCount: true,
  conflictCount: true,
  failedCount: true,
  error: true,
  startedAt: true,
  finishedAt: true,
  createdAt: true,
  createdBy: { select: { email: true } },
} as const satisfies Prisma.ImportJobSelect;

function toSummary(row: Prisma.ImportJobGetPayload<{ select: typeof SUMMARY_SELECT }>): ImportJobSummary {
  return {
    ...row,
    createdBy: row.createdBy?.email ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The report of one import: counts plus one page of located errors (file order; page 1 = the first ERRORS_PER_PAGE). */
export async function getImportReport(jobId: string, errorsPage = 1): Promise<ImportReport> {
  const page = Math.max(1, Math.floor(errorsPage) || 1);
  const offset = (page - 1) * ERRORS_PER_PAGE;
  let job = await prisma.importJob.findUnique({ where: { id: jobId }, select: SUMMARY_SELECT });
  if (!job) throw notFound('Import');
  // "Running" is only true while an importer holds the job's lock; otherwise show it interrupted now.
  if (job.status === 'RUNNING' && (await markInterruptedImports([jobId])))
    job = await prisma.importJob.findUniqueOrThrow({ where: { id: jobId }, select: SUMMARY_SELECT });
  const taskWhere = { trajectories: { some: { importJobId: jobId } } } satisfies Prisma.TaskWhereInput;
  const [errors, errorCount, warningCount, tasks, taskCount, failedWithoutFailedCheckpoint, notStarted, models] =
    await Promise.all([
      prisma.importError.findMany({
        where: { importJobId: jobId },
        orderBy: [{ createdAt: 'asc' }, { line: 'asc' }, { recordIndex: 'asc' }, { id: 'asc' }],
        skip: offset,
        take: ERRORS_PER_PAGE,
        select: { kind: true, file: true, line: true, recordIndex: true, path: true, reason: true },
      }),
      prisma.importError.count({ where: { importJobId: jobId } }),
      prisma.importError.count({ where: { importJobId: jobId, kind: 'WARNING' } }),
      prisma.task.findMany({
        where: taskWhere,
        select: { id: true, benchmark: true, externalId: true },
        orderBy: [{ benchmark: 'asc' }, { externalId: 'asc' }],
        take: REPORT_TASKS,
      }),
      prisma.task.count({ where: taskWhere }),
      // A run that never started is counted apart (below), not here.
      prisma.trajectory.count({
        where: { importJobId: jobId, passed: false, failedCount: 0, informationalOnly: false, notStarted: false },
      }),
      prisma.trajectory.count({ where: { importJobId: jobId, notStarted: true } }),
      importedModels(jobId),
    ]);
  const errorsPageCount = Math.max(1, Math.ceil(errorCount / ERRORS_PER_PAGE));
  return {
    ...toSummary(job),
    errors,
    errorCount,
    warningCount,
    errorsShown: errors.length,
    errorsOffset: offset,
    errorsPage: page,
    errorsPageCount,
    tasks,
    taskCount,
    failedWithoutFailedCheckpoint,
    notStarted,
    models,
  };
}

async function importedModels(jobId: string): Promise<ImportReport['models']> {
  const rows = await prisma.trajectory.groupBy({
    by: ['model', 'agent', 'passed'],
    where: { importJobId: jobId },
    _count: { _all: true },
  });
  const byRun = new Map<string, ImportReport['models'][number]>();
  for (const r of rows) {
    const key = JSON.stringify([r.model, r.agent]);
    const m = byRun.get(key) ?? { model: r.model, agent: r.agent, runs: 0, passed: 0 };
    m.runs += r._count._all;
    if (r.passed) m.passed += r._count._all;
    byRun.set(key, m);
  }
  return [...byRun.values()].sort((a, b) => b.runs - a.runs || a.model.localeCompare(b.model)).slice(0, REPORT_MODELS);
}

export async function getImportJob(actor: Actor, jobId: string, errorsPage = 1): Promise<ImportReport> {
  requirePermission(actor, 'import:run');
  return getImportReport(jobId, errorsPage);
}

export async function listImportJobs(actor: Actor, q: PageQuery): Promise<Page<ImportJobSummary>> {
  requirePermission(actor, 'import:run');
  // Few imports run at once: checking every RUNNING one's importer is cheap, and the list never shows a dead one as running.
  await markInterruptedImports();
  const [rows, total] = await Promise.all([
    prisma.importJob.findMany({ orderBy: { createdAt: 'desc' }, select: SUMMARY_SELECT, ...toPrismaPage(q) }),
    prisma.importJob.count(),
  ]);
  return pageOf(rows.map(toSummary), total, q);
}
