import type { Prisma, RunStatus } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { noCursorParam } from '@/lib/http/keyset';
import { pageNumber, pageQuerySchema } from '@/lib/http/pagination';

/**
 * Small, cheap run summaries for live status (the UI polls these every couple
 * of seconds while a run is queued or running), and batch progress. The full
 * run record is `getRunDetail` in read-run.ts.
 */
export const ACTIVE_STATUSES: RunStatus[] = ['QUEUED', 'RUNNING'];

/** `?page=&pageSize=&status=&taskId=` of the runs list (page and API). */
export const runsListQuerySchema = z.object({
  page: pageNumber,
  // The bounds of every paged list (1–200); left out, listRuns's own default (RUNS_PAGE_SIZE).
  pageSize: pageQuerySchema.shape.pageSize.unwrap().optional(),
  taskId: z.string().min(1).optional(),
  status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']).optional(),
  // Keyset positions from a previous page's `cursors` (checked by listRuns).
  after: z.string().max(400).optional(),
  before: z.string().max(400).optional(),
  ...noCursorParam,
});
export type RunsListQuery = z.infer<typeof runsListQuerySchema>;

export const runStatusQuerySchema = z
  .object({
    ids: z
      .string()
      .optional()
      .transform((v) => (v ? v.split(',').filter(Boolean).slice(0, 100) : undefined)),
    taskId: z.string().min(1).optional(),
    batchId: z.string().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(10),
  })
  .refine((q) => q.ids || q.taskId || q.batchId, { message: 'Give ids, taskId or batchId' });

export type RunSummary = {
  id: string;
  kind: 'REFLECTION' | 'FUNCTION_CARDS' | 'RECURATE';
  status: RunStatus;
  taskId: string | null;
  taskLabel: string | null;
  batchId: string | null;
  provider: 'OPENAI' | 'OFFLINE';
  model: string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  proposals: number;
  pendingProposals: number;
};

const summarySelect = {
  id: true,
  kind: true,
  status: true,
  taskId: true,
  batchId: true,
  provider: true,
  model: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
  task: { select: { benchmark: true, externalId: true } },
} satisfies Prisma.ReflectionRunSelect;

async function summarise(where: Prisma.ReflectionRunWhereInput, take: number): Promise<RunSummary[]> {
  const runs = await prisma.reflectionRun.findMany({
    where,
    select: summarySelect,
    orderBy: { createdAt: 'desc' },
    take,
  });
  const ids = runs.map((r) => r.id);
  const counts = ids.length
    ? await prisma.proposal.groupBy({ by: ['runId', 'status'], where: { runId: { in: ids } }, _count: { _all: true } })
    : [];
  return runs.map((r) => {
    const mine = counts.filter((c) => c.runId === r.id);
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      taskId: r.taskId,
      taskLabel: r.task ? `${r.task.benchmark} · ${r.task.externalId}` : null,
      batchId: r.batchId,
      provider: r.provider,
      model: r.model,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      proposals: mine.filter((c) => c.status !== 'NOOP').reduce((n, c) => n + c._count._all, 0),
      pendingProposals: mine.filter((c) => c.status === 'PENDING').reduce((n, c) => n + c._count._all, 0),
    };
  });
}

/** Latest runs by id list, task or batch (newest first). */
export async function getRunSummaries(actor: Actor, query: unknown): Promise<RunSummary[]> {
  requirePermission(actor, 'reflection:read');
  const q = runStatusQuerySchema.parse(query);
  const where: Prisma.ReflectionRunWhereInput = {};
  if (q.ids) where.id = { in: q.ids };
  if (q.taskId) where.taskId = q.taskId;
  if (q.batchId) where.batchId = q.batchId;
  return summarise(where, q.ids ? q.ids.length : q.limit);
}

export type BatchProgress = {
  batchId: string;
  total: number;
  byStatus: Record<RunStatus, number>;
  done: boolean;
  createdAt: string;
};

function progressOf(
  batchId: string,
  rows: { status: RunStatus; _count: { _all: number } }[],
  createdAt: Date,
): BatchProgress {
  const byStatus: Record<RunStatus, number> = { QUEUED: 0, RUNNING: 0, SUCCEEDED: 0, FAILED: 0, CANCELLED: 0 };
  for (const r of rows) byStatus[r.status] += r._count._all;
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    batchId,
    total,
    byStatus,
    done: byStatus.QUEUED + byStatus.RUNNING === 0,
    createdAt: createdAt.toISOString(),
  };
}

export async function getBatchProgress(actor: Actor, batchId: string): Promise<BatchProgress> {
  requirePermission(actor, 'reflection:read');
  const first = await prisma.reflectionRun.findFirst({
    where: { batchId },
    orderBy: { createdAt: 'asc' },
    select: { createdAt: true },
  });
  if (!first) throw notFound(`Batch ${batchId}`);
  const rows = await prisma.reflectionRun.groupBy({ by: ['status'], where: { batchId }, _count: { _all: true } });
  return progressOf(batchId, rows, first.createdAt);
}

/** The most recent batches (for the runs page), newest first. */
export async function listRecentBatches(actor: Actor, limit = 5): Promise<BatchProgress[]> {
  requirePermission(actor, 'reflection:read');
  const latest = await prisma.reflectionRun.groupBy({
    by: ['batchId'],
    where: { batchId: { not: null } },
    _min: { createdAt: true },
    orderBy: { _min: { createdAt: 'desc' } },
    take: limit,
  });
  const ids = latest.map((b) => b.batchId!);
  const rows = ids.length
    ? await prisma.reflectionRun.groupBy({
        by: ['batchId', 'status'],
        where: { batchId: { in: ids } },
        _count: { _all: true },
      })
    : [];
  return latest.map((b) =>
    progressOf(
      b.batchId!,
      rows.filter((r) => r.batchId === b.batchId),
      b._min.createdAt!,
    ),
  );
}
