import { Prisma } from '@prisma/client';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { roundsInOrder } from './arm-options';
import { numericOrder } from './build-report';

/** One pair behind a card's record: the run it was injected into and the same task's run in the round before. */
export type CardRecordPair = {
  kind: 'helped' | 'hurt';
  taskId: string;
  taskExternalId: string;
  benchmark: string;
  trial: number;
  model: string;
  release: string;
  /** The round before `release`; null is R0. */
  previous: string | null;
  runA: string;
  runB: string;
};

/** Helped: fail→pass, hurt: pass→fail, unchanged: same outcome, over the pairs where the later run was given the card. */
export type CardRecord = { helped: number; hurt: number; unchanged: number; pairs: CardRecordPair[] };

type Row = Omit<CardRecordPair, 'kind' | 'previous'> & { previous: string; passedA: boolean; passedB: boolean };

/**
 * The records of some cards: every run a card was injected into (`memory.card_ids`, by key or id)
 * under a release, paired with the newest run of the same task, trial, model and agent under the
 * round before that release (R0 before the first). Index-driven: the GIN index on memoryCardIds
 * finds the card's runs, the task-runs index their partners, so a view reads only those runs.
 */
export async function cardRecords(cards: { id: string; key: string }[]): Promise<Map<string, CardRecord>> {
  const out = new Map(cards.map((c) => [c.id, { helped: 0, hurt: 0, unchanged: 0, pairs: [] } as CardRecord]));
  if (!cards.length) return out;
  const rounds = await roundsInOrder();
  const releases = rounds.slice(1).map((r) => r!);
  if (!releases.length) return out;
  // '' stands for R0 in the round-before column, as the dashboard cube keys it.
  const previous = rounds.slice(0, -1).map((r) => r ?? '');
  const refs = cards.flatMap((c) => [c.key, c.id]);
  const rows = await prisma.$queryRaw<(Row & { ref: string[] })[]>(Prisma.sql`
    WITH rounds AS (SELECT * FROM unnest(${releases}::text[], ${previous}::text[]) AS r(release, previous)),
    b AS (
      SELECT DISTINCT ON (t."taskId", coalesce(t.trial, 0), t.model, coalesce(t.agent, ''), t."memoryRelease")
             t.id, t."taskId", t."taskExternalId", t.benchmark, coalesce(t.trial, 0) AS trial, t.model, t.agent,
             t."memoryRelease" AS release, t.passed, t."memoryCardIds"
      FROM "Trajectory" t
      WHERE t."memoryCardIds" && ${refs}::text[] AND t."memoryRelease" IS NOT NULL
      ORDER BY t."taskId", coalesce(t.trial, 0), t.model, coalesce(t.agent, ''), t."memoryRelease", t."createdAt" DESC, t.id DESC
    )
    SELECT b.id AS "runB", a.id AS "runA", b."taskId", b."taskExternalId", b.benchmark, b.trial, b.model, b.release,
           r.previous, a.passed AS "passedA", b.passed AS "passedB",
           ARRAY(SELECT unnest(b."memoryCardIds") INTERSECT SELECT unnest(${refs}::text[])) AS ref
    FROM b JOIN rounds r ON r.release = b.release
    CROSS JOIN LATERAL (
      SELECT a.id, a.passed FROM "Trajectory" a
      WHERE a."taskId" = b."taskId" AND a.model = b.model AND coalesce(a.agent, '') = coalesce(b.agent, '')
        AND coalesce(a.trial, 0) = b.trial AND coalesce(a."memoryRelease", '') = r.previous
      ORDER BY a."createdAt" DESC, a.id DESC LIMIT 1
    ) a`);
  const byRef = new Map(cards.flatMap((c) => [[c.key, c.id] as const, [c.id, c.id] as const]));
  for (const row of rows) {
    const { ref, passedA, passedB, previous: prev, ...rest } = row;
    for (const cardId of new Set(ref.map((r) => byRef.get(r)!))) {
      const rec = out.get(cardId)!;
      if (passedA === passedB) {
        rec.unchanged++;
        continue;
      }
      const kind = passedB ? 'helped' : 'hurt';
      rec[kind]++;
      rec.pairs.push({ kind, ...rest, previous: prev || null });
    }
  }
  // Hurt first: the pairs a reviewer deciding on the card reads before the others.
  for (const rec of out.values())
    rec.pairs.sort(
      (x, y) =>
        Number(x.kind === 'helped') - Number(y.kind === 'helped') || numericOrder(x.taskExternalId, y.taskExternalId),
    );
  return out;
}

/** One card's record, for the card page. `cardRef` is a card id or key. */
export async function readCardRecord(actor: Actor, cardRef: string): Promise<CardRecord> {
  requirePermission(actor, 'cards:read');
  const card = await prisma.card.findFirst({
    where: { OR: [{ id: cardRef }, { key: cardRef }] },
    select: { id: true, key: true },
  });
  if (!card) throw notFound(`Card ${cardRef}`);
  return (await cardRecords([card])).get(card.id)!;
}
