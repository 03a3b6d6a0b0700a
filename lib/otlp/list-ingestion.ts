import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { UNASSIGNED_TASK } from './spans-to-record';

export type OtlpIngestRow = {
  sourceKey: string;
  /** The API token's name and prefix (or the signed-in user's e-mail). */
  label: string;
  apiTokenId: string | null;
  requests: number;
  tracesReceived: number;
  tracesBuilt: number;
  /** Traces still waiting for their root span (or the quiet period), and traces that could not be built. */
  tracesOpen: number;
  tracesFailed: number;
  spansAccepted: number;
  spansRejected: number;
  recentRejections: { at: string; reason: string }[];
  lastSeenAt: string;
};

/** The traces that named no task and still wait for an admin to re-assign them (lib/otlp/reassign-trace.ts). */
export type UnassignedTraces = { taskId: string; trajectories: number } | null;

/**
 * What each sender has sent to POST /v1/traces, most recently active first (the Imports page's OTLP
 * table), and where the traces that named no task are, so the page can lead an admin to them.
 */
export async function listOtlpIngestion(
  actor: Actor,
): Promise<{ senders: OtlpIngestRow[]; unassigned: UnassignedTraces }> {
  requirePermission(actor, 'import:run');
  const [rows, pending, unassignedTask] = await Promise.all([
    prisma.otlpIngest.findMany({ orderBy: { lastSeenAt: 'desc' }, take: 100 }),
    prisma.otlpTrace.groupBy({
      by: ['sourceKey', 'status'],
      where: { status: { in: ['OPEN', 'FAILED'] } },
      _count: { _all: true },
    }),
    prisma.task.findUnique({
      where: { benchmark_externalId: { benchmark: UNASSIGNED_TASK.benchmark, externalId: UNASSIGNED_TASK.id } },
      select: { id: true, _count: { select: { trajectories: true } } },
    }),
  ]);
  const count = (key: string, status: 'OPEN' | 'FAILED') =>
    pending.find((p) => p.sourceKey === key && p.status === status)?._count._all ?? 0;
  return {
    senders: rows.map((r) => ({
      sourceKey: r.sourceKey,
      label: r.label,
      apiTokenId: r.apiTokenId,
      requests: r.requests,
      tracesReceived: r.tracesReceived,
      tracesBuilt: r.tracesBuilt,
      tracesOpen: count(r.sourceKey, 'OPEN'),
      tracesFailed: count(r.sourceKey, 'FAILED'),
      spansAccepted: r.spansAccepted,
      spansRejected: r.spansRejected,
      recentRejections: (r.recentRejections ?? []) as OtlpIngestRow['recentRejections'],
      lastSeenAt: r.lastSeenAt.toISOString(),
    })),
    unassigned: unassignedTask ? { taskId: unassignedTask.id, trajectories: unassignedTask._count.trajectories } : null,
  };
}
