import {
  Prisma,
  ProposalStatus as ProposalStatusEnum,
  type CardKind,
  type CardOperation,
  type LlmProvider,
  type ProposalStatus,
  type RunKind,
  type RunStatus,
} from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { isoTime, literalInt, queryRows } from '@/lib/db/sql';
import { pageAndTotal, shortPage } from '@/lib/live/large-count';
import { notFound } from '@/lib/errors';
import { cursorQuerySchema, cursorsOf, inListOrder, keysetPage, keysetPageOf } from '@/lib/http/keyset';
import type { Page } from '@/lib/http/pagination';
import type { ValidationIssue } from './validate-card';

/**
 * Read side of runs for the runs pages and API. Only de-identified data is
 * exposed (the packet as sent); the de-identification mapping never leaves
 * the pipeline.
 */
export type RunDetail = {
  id: string;
  kind: RunKind;
  status: RunStatus;
  task: { id: string; benchmark: string; externalId: string; ability: string | null } | null;
  batchId: string | null;
  provider: LlmProvider;
  /** True for the offline provider: the UI labels its output "rule-based". */
  ruleBased: boolean;
  model: string | null;
  settings: unknown;
  promptVersion: string | null;
  promptHash: string | null;
  inputHash: string | null;
  packet: unknown;
  rawOutput: string | null;
  error: string | null;
  promptTokens: number;
  completionTokens: number;
  timings: Record<string, number>;
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  trajectoryIds: string[];
  diagnosisIds: string[];
  deltas: { id: string; index: number; content: unknown; valid: boolean; validation: ValidationIssue[] }[];
  proposals: {
    id: string;
    deltaIndex: number | null;
    cardKind: CardKind;
    ability: string | null;
    operation: CardOperation;
    status: ProposalStatus;
    reason: string;
    valid: boolean;
    validation: ValidationIssue[];
    proposedCard: unknown;
    targets: {
      cardId: string;
      key: string;
      title: string;
      baseVersionId: string | null;
      baseVersionNumber: number | null;
      primary: boolean;
    }[];
  }[];
  llmCalls: {
    id: string;
    step: string;
    model: string;
    promptVersion: string;
    promptHash: string;
    attempt: number;
    promptTokens: number;
    completionTokens: number;
    durationMs: number;
    error: string | null;
    response: string | null;
    request: unknown;
    createdAt: string;
  }[];
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function getRunDetail(actor: Actor, runId: string): Promise<RunDetail> {
  requirePermission(actor, 'reflection:read');
  const run = await prisma.reflectionRun.findUnique({
    where: { id: runId },
    include: {
      task: { select: { id: true, benchmark: true, externalId: true, ability: true } },
      createdBy: { select: { id: true, name: true } },
      trajectories: { select: { trajectoryId: true } },
      diagnoses: { select: { diagnosisId: true } },
      deltas: { orderBy: { index: 'asc' } },
      proposals: {
        orderBy: [{ deltaIndex: 'asc' }, { createdAt: 'asc' }],
        include: {
          targets: {
            include: { card: { select: { key: true, title: true } }, baseVersion: { select: { number: true } } },
          },
        },
      },
      llmCalls: { orderBy: { createdAt: 'asc' } },
    },
  });
  if (!run) throw notFound(`Run ${runId}`);
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    task: run.task,
    batchId: run.batchId,
    provider: run.provider,
    ruleBased: run.provider === 'OFFLINE',
    model: run.model,
    settings: run.settings,
    promptVersion: run.promptVersion,
    promptHash: run.promptHash,
    inputHash: run.inputHash,
    packet: run.packet,
    rawOutput: run.rawOutput,
    error: run.error,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    timings: (run.timings ?? {}) as Record<string, number>,
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    trajectoryIds: run.trajectories.map((t) => t.trajectoryId),
    diagnosisIds: run.diagnoses.map((d) => d.diagnosisId),
    deltas: run.deltas.map((d) => ({
      id: d.id,
      index: d.index,
      content: d.content,
      valid: d.valid,
      validation: d.validation as ValidationIssue[],
    })),
    proposals: run.proposals.map((p) => ({
      id: p.id,
      deltaIndex: p.deltaIndex,
      cardKind: p.cardKind,
      ability: p.ability,
      operation: p.operation,
      status: p.status,
      reason: p.reason,
      valid: p.valid,
      validation: p.validation as ValidationIssue[],
      proposedCard: p.proposedCard,
      targets: p.targets
        .map((t) => ({
          cardId: t.cardId,
          key: t.card.key,
          title: t.card.title,
          baseVersionId: t.baseVersionId,
          baseVersionNumber: t.baseVersion?.number ?? null,
          primary: t.primary,
        }))
        .sort((a, b) => Number(b.primary) - Number(a.primary)),
    })),
    llmCalls: run.llmCalls.map((c) => ({
      id: c.id,
      step: c.step,
      model: c.model,
      promptVersion: c.promptVersion,
      promptHash: c.promptHash,
      attempt: c.attempt,
      promptTokens: c.promptTokens,
      completionTokens: c.completionTokens,
      durationMs: c.durationMs,
      error: c.error,
      response: c.response,
      request: c.request,
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

export type RunListItem = {
  id: string;
  kind: RunKind;
  status: RunStatus;
  task: { id: string; benchmark: string; externalId: string } | null;
  batchId: string | null;
  provider: LlmProvider;
  ruleBased: boolean;
  model: string | null;
  error: string | null;
  promptTokens: number;
  completionTokens: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  deltas: number;
  proposals: Partial<Record<ProposalStatus, number>>;
};

export const RUNS_PAGE_SIZE = 25;

/** A list row as the query reads it: the item's own fields, its task flattened, proposal counts by status. */
type RunListRow = Omit<RunListItem, 'task' | 'ruleBased' | 'proposals'> & {
  taskId: string | null;
  benchmark: string | null;
  externalId: string | null;
  proposals: number[];
};

/**
 * A run's proposals per status as one int array in PROPOSAL_STATUSES order: one
 * pass over the run's proposals with a FILTER per status. (As a JSON object
 * grouped by status, each run sorted and grouped its proposals and PostgreSQL
 * looked up how to write every key and count: a fifth of the statement.)
 * The index on ("runId", status) answers it without visiting the proposals.
 */
const PROPOSAL_STATUSES = Object.values(ProposalStatusEnum);
export const PROPOSALS_BY_STATUS = Prisma.sql`(SELECT ARRAY[${Prisma.join(PROPOSAL_STATUSES.map((st) => Prisma.sql`count(*) FILTER (WHERE p.status = ${Prisma.raw(`'${st}'`)})::int`))}] FROM "Proposal" p WHERE p."runId" = r.id)`;

function byStatus(counts: number[]): Partial<Record<ProposalStatus, number>> {
  return Object.fromEntries(PROPOSAL_STATUSES.flatMap((st, i) => (counts[i] ? [[st, counts[i]]] : [])));
}

export type RunsPage = Page<RunListItem> & { cursors: { after: string | null; before: string | null } };

/**
 * Runs, newest first, optionally for one task and/or status, in one statement:
 * the page's runs are picked first (an ordered scan of (createdAt, id) that
 * stops after the page), then only they get their delta and proposal counts.
 * A run carries its task's label (prisma/sql/task-fields.sql): no look-up of
 * the task. `after`/`before` cursors (lib/http/keyset.ts) page without OFFSET.
 */
export async function listRuns(
  actor: Actor,
  q: { page?: number; taskId?: string; status?: RunStatus; pageSize?: number; after?: string; before?: string },
): Promise<RunsPage> {
  requirePermission(actor, 'reflection:read');
  const page = { page: q.page ?? 1, pageSize: q.pageSize ?? RUNS_PAGE_SIZE };
  const cursor = cursorQuerySchema.parse({ after: q.after, before: q.before });
  const keyset = keysetPage('r', 'desc', cursor);
  const conditions = [Prisma.sql`TRUE`];
  if (q.taskId) conditions.push(Prisma.sql`r."taskId" = ${q.taskId}`);
  if (q.status) conditions.push(Prisma.sql`r.status = ${q.status}::"RunStatus"`);
  const where = Prisma.join(conditions, ' AND ');
  const offset = cursor.after || cursor.before ? 0 : (page.page - 1) * page.pageSize;
  const [read, { count: total }] = await pageAndTotal(
    {
      invalidatedBy: ['runs'],
      key: `runs:${q.taskId ?? ''}:${q.status ?? ''}`,
      from: Prisma.sql`"ReflectionRun" r WHERE ${where}`,
    },
    () =>
      queryRows<RunListRow>(Prisma.sql`
      SELECT r.id, r.kind, r.status, r."batchId", r.provider, r.model, r.error, r."promptTokens", r."completionTokens",
             ${isoTime(Prisma.sql`r."createdAt"`)} AS "createdAt", ${isoTime(Prisma.sql`r."startedAt"`)} AS "startedAt",
             ${isoTime(Prisma.sql`r."finishedAt"`)} AS "finishedAt", r."taskId", r."taskBenchmark" AS benchmark, r."taskExternalId" AS "externalId",
             (SELECT count(*) FROM "SkillDelta" d WHERE d."runId" = r.id)::int AS deltas,
             ${PROPOSALS_BY_STATUS} AS proposals
      FROM (SELECT r.* FROM "ReflectionRun" r WHERE ${keyset.where ? Prisma.sql`${where} AND ${keyset.where}` : where}
            ORDER BY ${keyset.orderBy} LIMIT ${literalInt(page.pageSize)} OFFSET ${literalInt(offset)}) r
      ORDER BY ${keyset.orderBy}`),
    page.page === 1 && !cursor.after && !cursor.before ? shortPage(page.pageSize) : null,
  );
  const rows = inListOrder(read, keyset.reversed);
  return keysetPageOf(
    rows,
    total,
    page,
    (r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      task: r.taskId ? { id: r.taskId, benchmark: r.benchmark!, externalId: r.externalId! } : null,
      batchId: r.batchId,
      provider: r.provider,
      ruleBased: r.provider === 'OFFLINE',
      model: r.model,
      error: r.error,
      promptTokens: r.promptTokens,
      completionTokens: r.completionTokens,
      createdAt: r.createdAt,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
      deltas: r.deltas,
      proposals: byStatus(r.proposals),
    }),
    cursorsOf,
  );
}
