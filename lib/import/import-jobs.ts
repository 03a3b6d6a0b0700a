import type { ImportErrorKind, ImportSource, ImportStatus, Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { pageOf, toPrismaPage, type Page, type PageQuery } from '@/lib/http/pagination';

export type ImportErrorView = { kind: ImportErrorKind; file: string; line: number | null; recordIndex: number | null; path: string | null; reason: string };

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

export type ImportReport = ImportJobSummary & { errors: ImportErrorView[]; errorCount: number; errorsShown: number };

const SUMMARY_SELECT = {
  id: true, status: true, format: true, source: true, fileName: true, recordsTotal: true, importedCount: true,
  presentCount: true, conflictCount: true, failedCount: true, error: true, startedAt: true, finishedAt: true, createdAt: true,
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

/** The report of one import: counts plus the first `limit` located errors (file order). */
export async function getImportReport(jobId: string, limit = 500): Promise<ImportReport> {
  const job = await prisma.importJob.findUnique({ where: { id: jobId }, select: SUMMARY_SELECT });
  if (!job) throw notFound('Import');
  const [errors, errorCount] = await Promise.all([
    prisma.importError.findMany({
      where: { importJobId: jobId },
      orderBy: [{ createdAt: 'asc' }, { line: 'asc' }, { recordIndex: 'asc' }, { id: 'asc' }],
      take: limit,
      select: { kind: true, file: true, line: true, recordIndex: true, path: true, reason: true },
    }),
    prisma.importError.count({ where: { importJobId: jobId } }),
  ]);
  return { ...toSummary(job), errors, errorCount, errorsShown: errors.length };
}

export async function getImportJob(actor: Actor, jobId: string): Promise<ImportReport> {
  requirePermission(actor, 'import:run');
  return getImportReport(jobId);
}

export async function listImportJobs(actor: Actor, q: PageQuery): Promise<Page<ImportJobSummary>> {
  requirePermission(actor, 'import:run');
  const [rows, total] = await Promise.all([
    prisma.importJob.findMany({ orderBy: { createdAt: 'desc' }, select: SUMMARY_SELECT, ...toPrismaPage(q) }),
    prisma.importJob.count(),
  ]);
  return pageOf(rows.map(toSummary), total, q);
}
