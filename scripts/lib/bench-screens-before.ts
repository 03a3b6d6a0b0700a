/**
 * Three screen queries as they ran before the screens-at-scale pass, kept only
 * as bench:screens' baselines so the gain is measured in the same run: the
 * release diff (both releases loaded, parsed and field-diffed card by card),
 * the dashboard's bank growth (a sub-select per week × card) and the agreement
 * units (every diagnosis joined to trajectory and task, then the units' ids
 * sent back for their diagnoses).
 */
import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { changedFields, diffFields } from '@/lib/diff/field-diff';
import type { AgreementFilter, AgreementUnit } from '@/lib/diagnosis/agreement-report';
import { cardRef as ref } from '@/lib/releases/diff-releases';
import { findReleaseByName } from '@/lib/releases/read-release';
import { loadReleaseBankCards } from '@/lib/retrieval/load-bank';

export async function diffReleasesBefore(fromName: string, toName: string) {
  const [a, b] = await Promise.all([findReleaseByName(fromName), findReleaseByName(toName)]);
  const [from, to] = await Promise.all([loadReleaseBankCards(a.id), loadReleaseBankCards(b.id)]);
  const before = new Map(from.cards.map((c) => [c.key, c]));
  const after = new Map(to.cards.map((c) => [c.key, c]));
  const diff = {
    from: a.name,
    to: b.name,
    added: [] as object[],
    removed: [] as object[],
    changed: [] as object[],
    unchanged: 0,
  };
  for (const c of to.cards) if (!before.has(c.key)) diff.added.push(ref(c));
  for (const c of from.cards) if (!after.has(c.key)) diff.removed.push(ref(c));
  for (const c of to.cards) {
    const old = before.get(c.key);
    if (!old) continue;
    const changes = changedFields(
      diffFields(
        { ...old.content, bank: { ability: old.ability, apps: old.apps } },
        { ...c.content, bank: { ability: c.ability, apps: c.apps } },
      ),
    );
    if (old.versionId === c.versionId && !changes.length) diff.unchanged++;
    else diff.changed.push({ ...ref(c), fromVersion: old.versionNumber, changes });
  }
  return diff;
}

export async function bankGrowthRowsBefore() {
  return prisma.$queryRaw<{ week: Date; bank: string; cards: number; bytes: number }[]>(Prisma.sql`
    WITH weeks AS (
      SELECT generate_series(date_trunc('week', min(v."createdAt")), date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS week FROM "CardVersion" v
    ), latest AS (
      SELECT w.week, c.id, CASE WHEN c.kind = 'FUNCTION' THEN 'function' ELSE coalesce(c.ability, '(none)') END AS bank,
             (SELECT octet_length(v.content::text) FROM "CardVersion" v
               WHERE v."cardId" = c.id AND v."createdAt" < w.week + interval '1 week' ORDER BY v.number DESC LIMIT 1) AS bytes
      FROM weeks w CROSS JOIN "Card" c
      WHERE (c.status = 'ACTIVE' OR c."updatedAt" >= w.week + interval '1 week')
    )
    SELECT week, bank, count(*)::int AS cards, sum(bytes)::float8 AS bytes FROM latest WHERE bytes IS NOT NULL GROUP BY week, bank ORDER BY week, bank`);
}

export async function agreementUnitsBefore(filter: AgreementFilter, limit: number): Promise<AgreementUnit[]> {
  const scope: Prisma.Sql[] = [Prisma.sql`d."status" = 'SUBMITTED'`];
  if (filter.benchmark) scope.push(Prisma.sql`k."benchmark" = ${filter.benchmark}`);
  if (filter.ability) scope.push(Prisma.sql`k."ability" = ${filter.ability}`);
  const ids = await prisma.$queryRaw<{ id: string }[]>`
    SELECT d."checkpointResultId" AS id FROM "Diagnosis" d
    JOIN "Trajectory" t ON t.id = d."trajectoryId" JOIN "Task" k ON k.id = t."taskId"
    WHERE ${Prisma.join(scope, ' AND ')}
    GROUP BY d."checkpointResultId" HAVING count(*) >= 2
    ORDER BY min(d."submittedAt"), d."checkpointResultId" LIMIT ${limit}`;
  const rows = await prisma.diagnosis.findMany({
    where: { status: 'SUBMITTED', checkpointResultId: { in: ids.map((r) => r.id) } },
    include: { author: { select: { name: true } }, category: { select: { label: true } } },
    orderBy: [{ submittedAt: 'asc' }, { id: 'asc' }],
  });
  const byUnit = new Map<string, AgreementUnit['ratings']>(ids.map((r) => [r.id, []]));
  for (const d of rows) {
    const start = d.eventStart ?? d.eventEnd;
    const end = d.eventEnd ?? d.eventStart;
    byUnit.get(d.checkpointResultId ?? '')?.push({
      diagnosisId: d.id,
      authorId: d.authorId,
      authorName: d.author.name,
      categoryId: d.categoryId,
      categoryLabel: d.category?.label ?? null,
      range: start === null || end === null ? null : { start, end },
      whatWentWrong: d.whatWentWrong,
      whatShouldHaveHappened: d.whatShouldHaveHappened,
    });
  }
  return [...byUnit.entries()].map(([checkpointResultId, ratings]) => ({ checkpointResultId, ratings }));
}

/** The dashboard coverage's per-annotator counts, every diagnosis joined to its trajectory and task even unfiltered. */
export async function annotatorCountsBefore() {
  return prisma.$queryRaw<{ userId: string; submitted: number; drafts: number }[]>`
    SELECT d."authorId" AS "userId", (count(*) FILTER (WHERE d.status = 'SUBMITTED'))::int AS submitted, (count(*) FILTER (WHERE d.status = 'DRAFT'))::int AS drafts
    FROM "Diagnosis" d JOIN "Trajectory" t ON t.id = d."trajectoryId" JOIN "Task" k ON k.id = t."taskId"
    WHERE TRUE GROUP BY d."authorId" ORDER BY 1`;
}

/** A page of the dashboard's trajectory drill-down without the newest-first index (dropped inside a transaction that rolls back). */
export async function drillPageBefore(where: Prisma.TrajectoryWhereInput): Promise<string[]> {
  let ids: string[] = [];
  await prisma
    .$transaction(async (tx) => {
      await tx.$executeRaw`DROP INDEX "Trajectory_newest_first_idx"`;
      ids = (
        await tx.trajectory.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
          take: 50,
          select: { id: true },
        })
      ).map((t) => t.id);
      throw new RollBack();
    })
    .catch((err) => {
      if (!(err instanceof RollBack)) throw err;
    });
  return ids;
}
class RollBack extends Error {}
