/**
 * What the curator answers for one delta: `operation` on the card keyed `target` (null: none) with `card`;
 * `targets` lists the cards a MERGE_CARD joins.
 */
export const curatorDecision = (d: {
  operation: string;
  target: string | null;
  card: unknown;
  reason: string;
  delta?: number;
  targets?: string[];
}) => ({
  delta_index: d.delta ?? 0,
  operation: d.operation,
  target_card_id: d.target,
  target_card_ids: d.targets ?? [],
  new_or_updated_card: d.card,
  reason: d.reason,
});
