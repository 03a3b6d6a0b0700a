import type { CardKind, CardStatus, Prisma } from '@prisma/client';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, toPrismaPage, type Page } from '@/lib/http/pagination';

export const cardListQuerySchema = z.object({
  kind: z.enum(['SKILL', 'FUNCTION']).optional(),
  ability: z.string().min(1).optional(),
  app: z.string().min(1).optional(),
  tag: z.string().min(1).optional(),
  status: z.enum(['ACTIVE', 'RETIRED', 'MERGED', 'all']).default('ACTIVE'),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['updated', 'title', 'key', 'size']).default('updated'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type CardListQuery = z.input<typeof cardListQuerySchema>;

export type CardListItem = {
  id: string;
  key: string;
  kind: CardKind;
  ability: string | null;
  apps: string[];
  tags: string[];
  title: string;
  status: CardStatus;
  version: number | null;
  sizeBytes: number;
  mergedIntoId: string | null;
  updatedAt: string;
};

/** One bank: the skill bank of an ability, or the global function bank. Counts and size cover active cards (what retrieval serves). */
export type BankSummary = { kind: CardKind; ability: string | null; cards: number; sizeKb: number };

const ORDER: Record<z.infer<typeof cardListQuerySchema>['sort'], Prisma.CardOrderByWithRelationInput[]> = {
  updated: [{ updatedAt: 'desc' }, { id: 'asc' }],
  title: [{ title: 'asc' }, { id: 'asc' }],
  key: [{ key: 'asc' }],
  size: [{ sizeBytes: 'desc' }, { id: 'asc' }],
};

/** The bank browser: filters on indexed columns (kind/ability/status btree, apps/tags GIN), list rows only (no content). */
export async function listCards(actor: Actor, raw: unknown): Promise<Page<CardListItem> & { banks: BankSummary[] }> {
  requirePermission(actor, 'cards:read');
  const q = cardListQuerySchema.parse(raw ?? {});
  const where: Prisma.CardWhereInput = {
    ...(q.kind ? { kind: q.kind } : {}),
    ...(q.ability ? { ability: q.ability } : {}),
    ...(q.app ? { apps: { has: q.app } } : {}),
    ...(q.tag ? { tags: { has: q.tag.toLowerCase() } } : {}),
    ...(q.status !== 'all' ? { status: q.status } : {}),
    ...(q.q ? { OR: [{ title: { contains: q.q, mode: 'insensitive' } }, { key: { contains: q.q, mode: 'insensitive' } }] } : {}),
  };
  const [rows, total, banks] = await Promise.all([
    prisma.card.findMany({
      where,
      orderBy: ORDER[q.sort],
      ...toPrismaPage({ page: q.page, pageSize: q.pageSize }),
      select: {
        id: true,
        key: true,
        kind: true,
        ability: true,
        apps: true,
        tags: true,
        title: true,
        status: true,
        sizeBytes: true,
        mergedIntoId: true,
        updatedAt: true,
        currentVersion: { select: { number: true } },
      },
    }),
    prisma.card.count({ where }),
    prisma.card.groupBy({ by: ['kind', 'ability'], where: { status: 'ACTIVE' }, _count: { _all: true }, _sum: { sizeBytes: true }, orderBy: [{ kind: 'desc' }, { ability: 'asc' }] }),
  ]);
  const items = rows.map(({ currentVersion, updatedAt, ...c }) => ({ ...c, version: currentVersion?.number ?? null, updatedAt: updatedAt.toISOString() }));
  return {
    ...pageOf(items, total, { page: q.page, pageSize: q.pageSize }),
    banks: banks.map((b) => ({ kind: b.kind, ability: b.ability, cards: b._count._all, sizeKb: Math.round(((b._sum.sizeBytes ?? 0) / 1024) * 10) / 10 })),
  };
}
