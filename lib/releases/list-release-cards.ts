import { Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { bankFilterShape } from '@/lib/cards/card-summary';
import { containsPattern, literalEnum, literalInt, queryRows } from '@/lib/db/sql';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { findReleaseByName, type ReleaseCardRow } from './read-release';

export const releaseCardsQuerySchema = pageQuerySchema.extend({
  ...bankFilterShape,
  q: z.string().trim().max(200).optional(),
});

// The title as the release's card list shows it (cardTitle): a skill's title, a function card's tool.
const TITLE = Prisma.sql`coalesce(v.content->>'title', v.content->>'tool', c.key)`;

/**
 * One page of a release's cards (by key), with a search on title or key and
 * the kind / bank filters, because a release of a few thousand cards is too
 * large to render as one page. SQL over the frozen rows: no card content is
 * loaded or parsed.
 */
export async function listReleaseCards(actor: Actor | null, name: string, raw: unknown): Promise<Page<ReleaseCardRow>> {
  requirePermission(actor, 'cards:read');
  const q = releaseCardsQuerySchema.parse(raw ?? {});
  const release = await findReleaseByName(name);
  const where = [Prisma.sql`rc."releaseId" = ${release.id}`];
  if (q.kind) where.push(Prisma.sql`c.kind = ${literalEnum(q.kind, ['SKILL', 'FUNCTION'] as const)}::"CardKind"`);
  if (q.ability) where.push(Prisma.sql`rc.ability = ${q.ability}`);
  if (q.q) {
    const like = containsPattern(q.q);
    where.push(Prisma.sql`(${TITLE} ILIKE ${like} OR c.key ILIKE ${like})`);
  }
  const from = Prisma.sql`"BankReleaseCard" rc JOIN "CardVersion" v ON v.id = rc."cardVersionId" JOIN "Card" c ON c.id = v."cardId" WHERE ${Prisma.join(where, ' AND ')}`;
  const { skip, take } = toPrismaPage(q);
  const [rows, [{ total }]] = await Promise.all([
    queryRows<ReleaseCardRow>(Prisma.sql`
      SELECT c.key, c.kind, rc.ability, coalesce(rc.apps, '{}') AS apps, ${TITLE} AS title, v.number AS version, v.id AS "versionId"
      FROM ${from} ORDER BY c.key COLLATE "C" LIMIT ${literalInt(take)} OFFSET ${literalInt(skip)}`),
    queryRows<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM ${from}`),
  ]);
  return pageOf(rows, total, q);
}
