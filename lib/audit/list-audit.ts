import { Prisma } from '@prisma/client';
import { requirePermission, type Actor, type ApiTokenRef } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { queryRows } from '@/lib/db/sql';
import { pageOf, toPrismaPage, type Page } from '@/lib/http/pagination';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';
import { auditQuerySchema, type AuditEntryView } from './audit-query';
import { withEntityLabels } from './entity-labels';

// How an entry names its token: never the secret (or its hash).
const TOKEN_REF = { id: true, name: true, prefix: true } satisfies Prisma.ApiTokenSelect;

// Entity types whose page URL follows from the id alone.
const DIRECT: Record<string, (id: string) => string> = {
  User: () => '/admin/users',
  ApiToken: () => '/admin/tokens',
  FailureCategory: () => '/admin/taxonomy',
  Setting: () => '/admin/llm',
  Trajectory: (id) => trajectoryEventHref(id),
  ImportJob: (id) => `/imports/${encodeURIComponent(id)}`,
  ReflectionRun: (id) => `/runs/${encodeURIComponent(id)}`,
  Proposal: (id) => `/reviews/${encodeURIComponent(id)}`,
  Card: (id) => `/cards/${encodeURIComponent(id)}`,
  CardVersion: () => '/cards',
  Task: (id) => `/tasks/${encodeURIComponent(id)}`,
  Adjudication: () => '/agreement',
  OverlapSetting: () => '/admin/overlap',
  ReflectionBatch: () => '/runs',
};

/** Links that need a lookup: a diagnosis opens its trajectory at its event range, a release by its name. */
async function lookupHrefs(entries: { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => entries.filter((e) => e.entityType === type).map((e) => e.entityId);
  const [diagnoses, releases] = await Promise.all([
    prisma.diagnosis.findMany({ where: { id: { in: idsOf('Diagnosis') } }, select: { id: true, trajectoryId: true, eventStart: true } }),
    prisma.bankRelease.findMany({ where: { OR: [{ id: { in: idsOf('BankRelease') } }, { name: { in: idsOf('BankRelease') } }] }, select: { id: true, name: true } }),
  ]);
  const out = new Map<string, string>();
  for (const d of diagnoses) out.set(`Diagnosis:${d.id}`, trajectoryEventHref(d.trajectoryId, d.eventStart));
  for (const r of releases) {
    out.set(`BankRelease:${r.id}`, `/releases/${encodeURIComponent(r.name)}`);
    out.set(`BankRelease:${r.name}`, `/releases/${encodeURIComponent(r.name)}`);
  }
  return out;
}

/** The audit log, newest first, filtered by actor, API token, action, entity and time; admins only. */
export async function listAuditEntries(actor: Actor, input: unknown): Promise<Page<AuditEntryView>> {
  requirePermission(actor, 'audit:read');
  const q = auditQuerySchema.parse(input);
  const createdAt: Prisma.DateTimeFilter = {};
  if (q.from) createdAt.gte = new Date(`${q.from}T00:00:00Z`);
  if (q.to) createdAt.lt = new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000);
  const where: Prisma.AuditLogWhereInput = {
    actorId: q.actorId,
    apiTokenId: q.apiTokenId,
    action: q.action ? (q.action.endsWith('.') ? { startsWith: q.action } : q.action) : undefined,
    entityType: q.entityType,
    entityId: q.entityId,
    createdAt: q.from || q.to ? createdAt : undefined,
  };
  const [rows, total] = await Promise.all([
    prisma.auditLog.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], ...toPrismaPage(q), include: { actor: { select: { id: true, name: true, email: true } }, apiToken: { select: TOKEN_REF } } }),
    prisma.auditLog.count({ where }),
  ]);
  const [looked, labelled] = await Promise.all([lookupHrefs(rows), withEntityLabels(prisma, rows)]);
  return pageOf(
    labelled.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor: r.actor,
      apiToken: r.apiToken,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      entityLabel: r.entityLabel,
      entityHref: looked.get(`${r.entityType}:${r.entityId}`) ?? DIRECT[r.entityType]?.(r.entityId) ?? null,
      before: r.before,
      after: r.after,
    })),
    total,
    q,
  );
}

export type AuditFilterOptions = { actors: { id: string; name: string }[]; apiTokens: ApiTokenRef[]; actions: string[]; entityTypes: string[] };

/** Menus for the audit filters: people who acted, tokens acted through, and the actions and entity types that occur. */
export async function auditFilterOptions(actor: Actor): Promise<AuditFilterOptions> {
  requirePermission(actor, 'audit:read');
  const [actors, apiTokens, actions, types] = await Promise.all([
    prisma.user.findMany({ where: { auditLogs: { some: {} } }, select: { id: true, name: true }, orderBy: { name: 'asc' } }),
    prisma.apiToken.findMany({ where: { auditLogs: { some: {} } }, select: TOKEN_REF, orderBy: [{ name: 'asc' }, { createdAt: 'asc' }] }),
    distinctValues('action'),
    distinctValues('entityType'),
  ]);
  return { actors, apiTokens, actions, entityTypes: types };
}

/**
 * The distinct values of an indexed column, in order, by skipping through its index one value at a time: a
 * handful of index probes however long the log. (Prisma's `distinct` read every entry and deduplicated in
 * JavaScript: 1.6 s for the two menus at 300,000 entries; even SQL DISTINCT reads the whole table.)
 */
async function distinctValues(column: 'action' | 'entityType'): Promise<string[]> {
  const col = Prisma.raw(`"${column}"`);
  const rows = await queryRows<{ v: string | null }>(Prisma.sql`
    WITH RECURSIVE d(v) AS (
      (SELECT ${col} FROM "AuditLog" ORDER BY ${col} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${col} FROM "AuditLog" WHERE ${col} > d.v ORDER BY ${col} LIMIT 1) FROM d WHERE d.v IS NOT NULL
    )
    SELECT v FROM d WHERE v IS NOT NULL`);
  return rows.map((r) => r.v!);
}
