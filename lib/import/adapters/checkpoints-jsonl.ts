import { nativeJsonlAdapter } from './native-jsonl';
import type { Adapter } from './types';

/**
 * Checkpoint results JSONL (`checkpoints.v1`, one result per line): read line
 * by line exactly as native JSONL is (a malformed line reported with its
 * number, the rest read on); each line is then validated and attached to its
 * trajectory by lib/import/import-checkpoint-line.ts, not written as a record.
 */
export const checkpointsJsonlAdapter: Adapter = (input, opts) => nativeJsonlAdapter(input, opts);
