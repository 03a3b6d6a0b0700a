import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import type { BankCard } from '@/lib/retrieval/bank-card';
import { loadReleaseBankCards } from '@/lib/retrieval/load-bank';
import { leaksSchema, type Leak } from './leak-schema';
import { releaseRecipeSchema, type ReleaseRecipe } from './release-recipe';

export type ReleaseSummary = {
  id: string;
  name: string;
  note: string | null;
  createdAt: string;
  createdBy: string | null;
  cards: number;
  leaks: number;
};
export type ReleaseCardRow = {
  key: string;
  kind: 'SKILL' | 'FUNCTION';
  ability: string | null;
  apps: string[];
  title: string;
  version: number;
  versionId: string;
};
export type ReleaseManifest = ReleaseSummary & {
  recipe: ReleaseRecipe | null;
  leakList: Leak[];
  leakOverrideNote: string | null;
};
export type ReleaseDetail = ReleaseManifest & { cardList: ReleaseCardRow[] };

const summarySelect = {
  id: true,
  name: true,
  note: true,
  createdAt: true,
  leaks: true,
  leakOverrideNote: true,
  recipe: true,
  createdBy: { select: { name: true } },
  _count: { select: { cards: true } },
} as const;

type Row = {
  id: string;
  name: string;
  note: string | null;
  createdAt: Date;
  leaks: unknown;
  createdBy: { name: string } | null;
  _count: { cards: number };
};

function toSummary(r: Row): ReleaseSummary {
  const leaks = leaksSchema.safeParse(r.leaks);
  return {
    id: r.id,
    name: r.name,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    createdBy: r.createdBy?.name ?? null,
    cards: r._count.cards,
    leaks: leaks.success ? leaks.data.length : 0,
  };
}

export function cardTitle(c: BankCard): string {
  return c.kind === 'SKILL' ? c.content.title : c.content.tool;
}

/** Newest first. A deployment has tens of releases, so the list is not paged. */
export async function listReleases(actor: Actor | null): Promise<ReleaseSummary[]> {
  requirePermission(actor, 'cards:read');
  const rows = await prisma.bankRelease.findMany({
    select: summarySelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 500,
  });
  return rows.map(toSummary);
}

/**
 * The release a release page compares with at first: the one frozen just before it (what changed
 * in this release), or for the oldest release the one just after it. `newestFirst`: listReleases.
 */
export function releaseToCompareWith(newestFirst: { name: string }[], name: string): string | undefined {
  const i = newestFirst.findIndex((r) => r.name === name);
  return (newestFirst[i + 1] ?? newestFirst[i - 1])?.name;
}

export async function findReleaseByName(name: string) {
  const r = await prisma.bankRelease.findUnique({ where: { name }, select: summarySelect });
  if (!r) throw notFound(`Release "${name}"`);
  return r;
}

/** A release without its card list: manifest, recipe and leaks (the release page pages its cards: list-release-cards.ts). */
export async function getReleaseManifest(actor: Actor | null, name: string): Promise<ReleaseManifest> {
  requirePermission(actor, 'cards:read');
  const r = await findReleaseByName(name);
  const recipe = releaseRecipeSchema.safeParse(r.recipe);
  const leaks = leaksSchema.safeParse(r.leaks);
  return {
    ...toSummary(r),
    recipe: recipe.success ? recipe.data : null,
    leakList: leaks.success ? leaks.data : [],
    leakOverrideNote: r.leakOverrideNote,
  };
}

/** `GET /api/releases/<name>`: the manifest and every card of the release. */
export async function getRelease(actor: Actor | null, name: string): Promise<ReleaseDetail> {
  const manifest = await getReleaseManifest(actor, name);
  const { cards } = await loadReleaseBankCards(manifest.id);
  return {
    ...manifest,
    cardList: cards.map((c) => ({
      key: c.key,
      kind: c.kind,
      ability: c.ability,
      apps: c.apps,
      title: cardTitle(c),
      version: c.versionNumber,
      versionId: c.versionId,
    })),
  };
}
