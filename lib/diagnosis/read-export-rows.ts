import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import type { DiagnosisExportQuery } from './export-scope';

/** Diagnoses read per query: the export holds one page (and its events) in memory at a time. */
export const EXPORT_PAGE_SIZE = 200;
/** Events of one diagnosis's anchored range that go into the export (a range of thousands is cut, and says so). */
export const EXPORT_EVENTS_PER_DIAGNOSIS = 100;

export type ExportDiagnosisRow = {
  id: string;
  authorId: string;
  authorEmail: string;
  submittedAt: Date | null;
  category: string | null;
  categoryLabel: string | null;
  outcome: string;
  eventStart: number | null;
  eventEnd: number | null;
  whatWentWrong: string;
  whatShouldHaveHappened: string;
  confidence: number | null;
  checkpointResultId: string | null;
  trajectoryId: string;
  trajectoryExternalId: string;
  model: string;
  agent: string | null;
  trial: number | null;
  runPassed: boolean;
  memoryRelease: string | null;
  benchmark: string;
  ability: string | null;
  taskExternalId: string;
  instruction: string;
  checkpointKey: string | null;
  checkpointName: string | null;
  checkpointNote: string | null;
  annotatorCount: number;
  categoryCount: number;
  adjudicationId: string | null;
  chosenDiagnosisId: string | null;
  adjudicatedCategory: string | null;
};

export type ExportEvent = {
  position: number;
  source: string;
  type: string;
  tool: string | null;
  arguments: unknown;
  content: string | null;
};

export type ExportPage = {
  rows: ExportDiagnosisRow[];
  /** Events of each diagnosis's range, by diagnosis id, in order (at most EXPORT_EVENTS_PER_DIAGNOSIS). */
  events: Map<string, ExportEvent[]>;
  /** The card versions each diagnosis fed (provenance), by diagnosis id. */
  cards: Map<string, { key: string; version: number }[]>;
};

type Scope = Partial<Pick<DiagnosisExportQuery, 'benchmark' | 'ability' | 'model' | 'task' | 'from' | 'to'>>;

/** The scope as conditions on d (diagnosis), t (trajectory, with its task's fields copied) and k (task). */
function scopeSql(s: Scope): Prisma.Sql {
  const where = [Prisma.sql`d.status = 'SUBMITTED'`];
  if (s.benchmark) where.push(Prisma.sql`t.benchmark = ${s.benchmark}`);
  if (s.ability) where.push(Prisma.sql`t.ability = ${s.ability}`);
  if (s.model) where.push(Prisma.sql`t.model = ${s.model}`);
  if (s.task) where.push(Prisma.sql`(t."taskExternalId" = ${s.task} OR t."taskId" = ${s.task})`);
  if (s.from) where.push(Prisma.sql`d."submittedAt" >= ${s.from}::date`);
  if (s.to) where.push(Prisma.sql`d."submittedAt" < ${s.to}::date + 1`);
  return Prisma.join(where, ' AND ');
}

/** How many submitted diagnoses the scope holds (the page's count before the download). */
export async function countExportRows(scope: Scope): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "Diagnosis" d JOIN "Trajectory" t ON t.id = d."trajectoryId" WHERE ${scopeSql(scope)}`;
  return row?.n ?? 0;
}

/**
 * Submitted diagnoses of the scope, a page at a time in id order (keyset: each
 * query starts after the last id, so the export never holds the table), each
 * with its task, run, checkpoint, the agreement on its target (how many
 * submitted diagnoses it has, in how many categories) and its adjudication.
 */
export async function* readExportPages(scope: Scope, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportPage> {
  let after = '';
  for (;;) {
    const rows = await prisma.$queryRaw<ExportDiagnosisRow[]>`
      SELECT d.id, d."authorId", u.email AS "authorEmail", d."submittedAt", fc.key AS category, fc.label AS "categoryLabel",
             d.outcome::text AS outcome, d."eventStart", d."eventEnd", d."whatWentWrong", d."whatShouldHaveHappened",
             d.confidence, d."checkpointResultId",
             t.id AS "trajectoryId", t."externalId" AS "trajectoryExternalId", t.model, t.agent, t.trial,
             t.passed AS "runPassed", t."memoryRelease", t.benchmark, t.ability, t."taskExternalId", k.instruction,
             tc.key AS "checkpointKey", tc.name AS "checkpointName", cr.note AS "checkpointNote",
             agg.n AS "annotatorCount", agg.categories AS "categoryCount",
             adj.id AS "adjudicationId", adj."chosenDiagnosisId", adj.category AS "adjudicatedCategory"
      FROM "Diagnosis" d
      JOIN "Trajectory" t ON t.id = d."trajectoryId"
      JOIN "Task" k ON k.id = t."taskId"
      JOIN "User" u ON u.id = d."authorId"
      LEFT JOIN "FailureCategory" fc ON fc.id = d."categoryId"
      LEFT JOIN "CheckpointResult" cr ON cr.id = d."checkpointResultId"
      LEFT JOIN "TaskCheckpoint" tc ON tc.id = cr."checkpointId"
      -- A diagnosis has one target, a checkpoint result or the run: each look-up below is by the one that is set.
      CROSS JOIN LATERAL (
        SELECT count(*)::int AS n, count(DISTINCT o."categoryId")::int AS categories FROM "Diagnosis" o
        WHERE o.status = 'SUBMITTED' AND (CASE WHEN d."checkpointResultId" IS NOT NULL
          THEN o."checkpointResultId" = d."checkpointResultId" ELSE o."runTrajectoryId" = d."runTrajectoryId" END)
      ) agg
      LEFT JOIN LATERAL (
        SELECT a.id, a."chosenDiagnosisId", ac.key AS category FROM "Adjudication" a
        LEFT JOIN "FailureCategory" ac ON ac.id = a."categoryId"
        WHERE CASE WHEN d."checkpointResultId" IS NOT NULL
          THEN a."checkpointResultId" = d."checkpointResultId" ELSE a."runTrajectoryId" = d."runTrajectoryId" END
        LIMIT 1
      ) adj ON true
      WHERE ${scopeSql(scope)} AND d.id > ${after}
      ORDER BY d.id
      LIMIT ${pageSize}`;
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    const [events, cards] = await Promise.all([rangeEvents(rows), cardsFed(rows.map((r) => r.id))]);
    yield { rows, events, cards };
    if (rows.length < pageSize) return;
  }
}

/** Each diagnosis's anchored events (start … end, cut at EXPORT_EVENTS_PER_DIAGNOSIS), one query for the page. */
async function rangeEvents(rows: ExportDiagnosisRow[]): Promise<Map<string, ExportEvent[]>> {
  const anchored = rows.filter((r) => r.eventStart != null);
  const out = new Map<string, ExportEvent[]>();
  if (!anchored.length) return out;
  const found = await prisma.$queryRaw<(ExportEvent & { diagnosisId: string })[]>`
    SELECT r.did AS "diagnosisId", e.position, e.source::text AS source, e.type::text AS type, e.tool, e.arguments, e.content
    FROM unnest(${anchored.map((r) => r.id)}::text[], ${anchored.map((r) => r.trajectoryId)}::text[],
                ${anchored.map((r) => r.eventStart!)}::int[], ${anchored.map((r) => r.eventEnd ?? r.eventStart!)}::int[])
         AS r(did, tid, s, en)
    JOIN "Event" e ON e."trajectoryId" = r.tid AND e.position BETWEEN r.s AND LEAST(r.en, r.s + ${EXPORT_EVENTS_PER_DIAGNOSIS - 1})
    ORDER BY r.did, e.position`;
  for (const { diagnosisId, ...event } of found) {
    const list = out.get(diagnosisId) ?? [];
    list.push(event);
    out.set(diagnosisId, list);
  }
  return out;
}

/**
 * The card versions each diagnosis fed, as card provenance reads it
 * (lib/cards/provenance.ts): a version whose proposal's delta was built from
 * the diagnosis, or (a delta that does not say) whose run read it, or a card
 * hand-written from it.
 */
async function cardsFed(ids: string[]): Promise<Map<string, { key: string; version: number }[]>> {
  const rows = await prisma.$queryRaw<{ diagnosisId: string; key: string; version: number }[]>`
    SELECT DISTINCT f.did AS "diagnosisId", c.key, v.number AS version
    FROM (
      SELECT p.id AS pid, x.did FROM "Proposal" p JOIN "SkillDelta" s ON s.id = p."deltaId"
      CROSS JOIN LATERAL unnest(s."diagnosisIds") AS x(did)
      WHERE s."diagnosisIds" && ${ids}::text[]
      UNION
      SELECT p.id, rd."diagnosisId" FROM "ReflectionRunDiagnosis" rd
      JOIN "SkillDelta" s ON s."runId" = rd."runId" AND cardinality(s."diagnosisIds") = 0
      JOIN "Proposal" p ON p."deltaId" = s.id
      WHERE rd."diagnosisId" = ANY(${ids}::text[])
      UNION
      SELECT p.id, p."diagnosisId" FROM "Proposal" p WHERE p."diagnosisId" = ANY(${ids}::text[])
    ) f
    JOIN "CardVersion" v ON v."proposalId" = f.pid
    JOIN "Card" c ON c.id = v."cardId"
    WHERE f.did = ANY(${ids}::text[])
    ORDER BY 1, 2, 3`;
  const out = new Map<string, { key: string; version: number }[]>();
  for (const r of rows) {
    const list = out.get(r.diagnosisId) ?? [];
    list.push({ key: r.key, version: r.version });
    out.set(r.diagnosisId, list);
  }
  return out;
}
