import type { QueueCheckpoint } from './list-queue';

// No database imports here: the queue table (a client component) uses it.
/** Under overlap k > 1 the label says how many of the k diagnoses a checkpoint already has. */
export const checkpointLabel = (c: QueueCheckpoint) => {
  const parts = [
    ...(c.points ? [pointsLabel(c.points.score, c.points.total)] : []),
    ...(c.k > 1 ? [`${c.submitted} of ${c.k} diagnosed`] : []),
  ];
  return parts.length ? `${c.key} (${parts.join(', ')})` : c.key;
};

/**
 * Partial credit (TheAgentCompany checkpoints are worth several points): "1 of 2 points", so the
 * annotator sees how much of the checkpoint the run got. Only worth saying when the total is above 1.
 */
export function pointsLabel(score: number | null, total: number | null): string | null {
  if (total == null || total <= 1) return null;
  const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${fmt(score ?? 0)} of ${fmt(total)} points`;
}
