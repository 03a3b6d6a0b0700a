/**
 * A proposal is stale when a target card moved on since it was made: its
 * current version is not the version the proposal was based on (or it was
 * merged into another card). Such a proposal cannot be approved blind.
 */
export type TargetForStaleness = { cardId: string; baseVersionId: string | null; card: { key: string; currentVersionId: string | null; status?: string } };

export function isStaleTarget(t: TargetForStaleness): boolean {
  return t.card.currentVersionId !== t.baseVersionId || t.card.status === 'MERGED';
}

export function staleTargetsOf<T extends TargetForStaleness>(targets: T[]): T[] {
  return targets.filter(isStaleTarget);
}

/** SQL condition (for raw list queries) that a proposal `p` has a stale target. */
export const STALE_SQL = `EXISTS (SELECT 1 FROM "ProposalTarget" pt JOIN "Card" c ON c.id = pt."cardId"
  WHERE pt."proposalId" = p.id AND (c."currentVersionId" IS DISTINCT FROM pt."baseVersionId" OR c.status = 'MERGED'))`;
