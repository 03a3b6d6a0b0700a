import type { QueueCheckpoint } from './list-queue';

// No database imports here: the queue table (a client component) uses it.
/** Under overlap k > 1 the label says how many of the k diagnoses a checkpoint already has. */
export const checkpointLabel = (c: QueueCheckpoint) =>
  c.k > 1 ? `${c.key} (${c.submitted} of ${c.k} diagnosed)` : c.key;
