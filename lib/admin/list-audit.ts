import { Prisma } from '@prisma/client';
import { requirePermission, type Actor, type ApiTokenRef } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { countOrEstimate } from '@/lib/db/row-estimate';
import { literalInt, prefixPattern, queryRows } from '@/lib/db/sql';
import { pageOf, toPrismaPage, type Page } from '@/lib/http/pagination';
import { taskHref, trajectoryEventHref } from '@/lib/trajectories/event-link';
import { auditQuerySchema, type AuditEntryView, type AuditQuery } from '@/lib/admin/audit-query';
import { withEntityLabels } from '@/lib/audit/entity-labels';

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
  Task: (id) => taskHref(id),
  Adjudication: () => '/agreement',
  OverlapSetting: () => '/admin/overlap',
  ReflectionBatch: () => '/runs',
};

/** Links that need a lookup: a diagnosis opens its trajectory at its event range, a release by its name. */
async function lookupHrefs(entries: { entityType: string; entityId: string }[]): Promise<Map<string, string>> {
  const idsOf = (type: string) => entries.filter((e) => e.entityType === type).map((e) => e.entityId);
  const [diagnoses, releases] = await Promise.all([
    prisma.diagnosis.findMany({
      where: { id: { in: idsOf('Diagnosis') } },
      select: { id: true, trajectoryId: true, eventStart: true },
    }),
    prisma.bankRelease.findMany({
      where: { OR: [{ id: { in: idsOf('BankRelease') } }, { name: { in: idsOf('BankRelease') } }] },
      select: { id: true, name: true },
    }),
  ]);
  const out = new Map<string, string>();
  for (const d of diagnoses) out.set(`Diagnosis:${d.id}`, trajectoryEventHref(d.trajectoryId, d.eventStart));
  for (const r of releases) {
    out.set(`BankRelease:${r.id}`, `/releases/${encodeURIComponent(r.name)}`);
    out.set(`BankRelease:${r.name}`, `/releases/${encodeURIComponent(r.name)}`);
  }
  return out;
}

/**
 * Up to this many entries under the filters are counted exactly; past it the pager shows the
 * planner's estimate as "about N" (countOrEstimate). An exact count(*) of the whole log is a
 * sequential scan on every page (npm run bench:audit; docs/benchmarks.md "Audit log"), and a filter
 * down to fewer entries (one actor, one entity, a day) stays exact.
 */
export const AUDIT_EXACT_UP_TO = 10_000;

/** The filters as one condition over "AuditLog" a, so the page and its total read the same entries. Dates are inclusive UTC days. */
function auditCondition(q: AuditQuery): Prisma.Sql {
  const c: Prisma.Sql[] = [];
  if (q.actorId) c.push(Prisma.sql`a."actorId" = ${q.actorId}`);
  if (q.apiTokenId) c.push(Prisma.sql`a."apiTokenId" = ${q.apiTokenId}`);
  if (q.action)
    c.push(
      q.action.endsWith('.')
        ? Prisma.sql`a.action LIKE ${prefixPattern(q.action)}`
        : Prisma.sql`a.action = ${q.action}`,
    );
  if (q.entityType) c.push(Prisma.sql`a."entityType" = ${q.entityType}`);
  if (q.entityId) c.push(Prisma.sql`a."entityId" = ${q.entityId}`);
  // Times are stored as UTC without a zone; the cast drops the ISO text's "Z".
  if (q.from) c.push(Prisma.sql`a."createdAt" >= ${`${q.from}T00:00:00.000Z`}::timestamp(3)`);
  if (q.to)
    c.push(
      Prisma.sql`a."createdAt" < ${new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString()}::timestamp(3)`,
    );
  return c.length ? Prisma.join(c, ' AND ') : Prisma.sql`TRUE`;
}

/** The audit log, newest first, filtered by actor, API token, action, entity and time; admins only. */
export async function listAuditEntries(actor: Actor, input: unknown): Promise<Page<AuditEntryView>> {
  requirePermission(actor, 'audit:read');
  const q = auditQuerySchema.parse(input);
  const from = Prisma.sql`"AuditLog" a WHERE ${auditCondition(q)}`;
  const { skip, take } = toPrismaPage(q);
  const [ids, total] = await Promise.all([
    queryRows<{ id: string }>(
      Prisma.sql`SELECT a.id FROM ${from} ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${literalInt(take)} OFFSET ${literalInt(skip)}`,
    ),
    countOrEstimate(from, AUDIT_EXACT_UP_TO),
  ]);
  const found = await prisma.auditLog.findMany({
    where: { id: { in: ids.map((r) => r.id) } },
    include: { actor: { select: { id: true, name: true, email: true } }, apiToken: { select: TOKEN_REF } },
  });
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap(({ id }) => byId.get(id) ?? []);
  const [looked, labelled] = await Promise.all([lookupHrefs(rows), withEntityLabels(prisma, rows)]);
  // An estimate below the entries this page reached would say the page is past the end: it has at least these.
  const count = total.estimated
    ? Math.max(total.count, skip + rows.length + (rows.length === take ? 1 : 0))
    : total.count;
  const page = pageOf(
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
    count,
    q,
  );
  return total.estimated ? { ...page, estimated: true } : page;
}

export type AuditFilterOptions = {
  actors: { id: string; name: string }[];
  apiTokens: ApiTokenRef[];
  actions: string[];
  entityTypes: string[];
};

/** Menus for the audit filters: people who acted, tokens acted through, and the actions and entity types that occur. */
export async function auditFilterOptions(actor: Actor): Promise<AuditFilterOptions> {
  requirePermission(actor, 'audit:read');
  const [actors, apiTokens, actions, types] = await Promise.all([
    prisma.user.findMany({
      where: { auditLogs: { some: {} } },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    }),
    prisma.apiToken.findMany({
      where: { auditLogs: { some: {} } },
      select: TOKEN_REF,
      orderBy: [{ name: 'asc' }, { createdAt: 'asc' }],
    }),
    distinctValues('action'),
    distinctValues('entityType'),
  ]);
  return { actors, apiTokens, actions, entityTypes: types };
}

/**
 * The distinct values of an indexed column, in order, by skipping through its index one value at a time: a
 * handful of index probes however long the log. (Prisma's `distinct` reads every entry and deduplicates in
 * JavaScript, and even SQL DISTINCT reads the whole table.)
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
