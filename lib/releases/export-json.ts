import { prisma } from '@/lib/db/prisma';
import { loadReleaseBankCards } from '@/lib/retrieval/load-bank';
import { renderCardRuntimeText } from '@/lib/retrieval/render';
import { BANK_EXPORT_FORMAT, bankExportSchema, type BankExport } from './export-schema';
import type { findReleaseByName } from './read-release';
import { releaseRecipeSchema } from './release-recipe';

type ReleaseRow = Awaited<ReturnType<typeof findReleaseByName>>;

/** Provenance ids of each released version: review, proposal, run, the run's diagnoses and trajectories, earlier versions. */
async function provenanceOf(versionIds: string[]) {
  const versions = await prisma.cardVersion.findMany({
    where: { id: { in: versionIds } },
    select: {
      id: true,
      cardId: true,
      number: true,
      createdAt: true,
      reviewId: true,
      proposalId: true,
      proposal: {
        select: {
          runId: true,
          run: {
            select: { diagnoses: { select: { diagnosisId: true } }, trajectories: { select: { trajectoryId: true } } },
          },
        },
      },
    },
  });
  const history = await prisma.cardVersion.findMany({
    where: { cardId: { in: versions.map((v) => v.cardId) } },
    select: { id: true, cardId: true, number: true },
    orderBy: { number: 'asc' },
  });
  return new Map(
    versions.map((v) => [
      v.id,
      {
        createdAt: v.createdAt.toISOString(),
        provenance: {
          reviewId: v.reviewId,
          proposalId: v.proposalId,
          runId: v.proposal?.runId ?? null,
          diagnosisIds: (v.proposal?.run?.diagnoses ?? []).map((d) => d.diagnosisId).sort(),
          trajectoryIds: (v.proposal?.run?.trajectories ?? []).map((t) => t.trajectoryId).sort(),
          previousVersionIds: history.filter((h) => h.cardId === v.cardId && h.number < v.number).map((h) => h.id),
        },
      },
    ]),
  );
}

/** The release as `bank-export.v1` JSON, checked against its published schema before it leaves. */
export async function buildJsonExport(release: ReleaseRow): Promise<BankExport> {
  const { cards } = await loadReleaseBankCards(release.id);
  const prov = await provenanceOf(cards.map((c) => c.versionId));
  const recipe = releaseRecipeSchema.safeParse(release.recipe);
  const doc: BankExport = {
    format: BANK_EXPORT_FORMAT,
    manifest: {
      release: release.name,
      note: release.note,
      createdAt: release.createdAt.toISOString(),
      createdBy: release.createdBy?.name ?? null,
      recipe: recipe.success ? recipe.data : null,
      leakOverrideNote: release.leakOverrideNote,
      counts: {
        skillCards: cards.filter((c) => c.kind === 'SKILL').length,
        functionCards: cards.filter((c) => c.kind === 'FUNCTION').length,
        banks: [...new Set(cards.flatMap((c) => (c.ability ? [c.ability] : [])))].sort(),
      },
    },
    cards: cards.map((c) => {
      const p = prov.get(c.versionId)!;
      const base = {
        key: c.key,
        ability: c.ability,
        apps: c.apps,
        version: { id: c.versionId, number: c.versionNumber, createdAt: p.createdAt },
        runtimeText: renderCardRuntimeText(c.kind, c.content),
        provenance: p.provenance,
      };
      return c.kind === 'SKILL'
        ? { kind: 'SKILL' as const, ...base, content: c.content }
        : { kind: 'FUNCTION' as const, ...base, content: c.content };
    }),
  };
  return bankExportSchema.parse(doc);
}
