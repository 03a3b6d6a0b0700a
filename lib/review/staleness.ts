/**
 * A proposal is stale when a target card moved on since it was made: its
 * current version is not the version the proposal was based on (or it was
 * merged into another card). Such a proposal cannot be approved blind.
 * Only a PENDING proposal can be stale: once decided, its cards moving on
 * (its own approval makes the next version, a MERGE marks the others MERGED)
 * is history, not a warning.
 */
export type TargetForStaleness = {
  cardId: string;
  baseVersionId: string | null;
  card: { key: string; currentVersionId: string | null; status?: string };
};

export function isStaleTarget(t: TargetForStaleness): boolean {
  return t.card.currentVersionId !== t.baseVersionId || t.card.status === 'MERGED';
}

export function staleTargetsOf<T extends TargetForStaleness>(targets: T[]): T[] {
  return targets.filter(isStaleTarget);
}

/** Whether staleness applies to a proposal in this status at all. */
export const canBeStale = (status: string) => status === 'PENDING';

// The two halves of the rule above, written once so every raw query says the same thing.
const PENDING_SQL = `p.status = 'PENDING'`;
const TARGET_MOVED_SQL = `(c."currentVersionId" IS DISTINCT FROM pt."baseVersionId" OR c.status = 'MERGED')`;

/**
 * SQL rows (one per stale target) of a pending proposal `p`: its targets `pt`
 * whose card `c` moved on. For a per-row probe (`LATERAL (… LIMIT 1)`).
 */
export const STALE_TARGETS_SQL = `SELECT 1 FROM "ProposalTarget" pt JOIN "Card" c ON c.id = pt."cardId"
  WHERE ${PENDING_SQL} AND pt."proposalId" = p.id AND ${TARGET_MOVED_SQL}`;

/** SQL condition (for raw list queries) that a pending proposal `p` has a stale target. */
export const STALE_SQL = `(${PENDING_SQL} AND EXISTS (${STALE_TARGETS_SQL}))`;
