import { plural } from '@/lib/text/plural';
import type { TrajectoryView } from './get-trajectory';

const keysOf = (unscored: TrajectoryView['unscored']) => unscored.map((c) => c.key).join(', ');

/**
 * What the workspace says where the diagnosis editor would be when no checkpoint of the run failed.
 * A failed run can get here too (a τ-bench record without reward_info keeps only the derived action
 * checks, all passed): "every checkpoint passed" would then contradict the red outcome beside it.
 */
export function noFailedCheckpointMessage(view: Pick<TrajectoryView, 'passed' | 'score' | 'unscored'>): string {
  if (view.passed) return view.unscored.length ? 'Every checkpoint with a result passed: nothing to diagnose.' : 'Every checkpoint passed: nothing to diagnose.';
  const score = view.score != null ? ` (score ${view.score})` : '';
  const missing = view.unscored.length
    ? `; ${plural(view.unscored.length, 'checkpoint')} of the task ${view.unscored.length === 1 ? 'has' : 'have'} no result in the imported run (${keysOf(view.unscored)})`
    : '';
  return `The run failed${score}, but none of its checkpoint results failed${missing}. There is no failed checkpoint to diagnose here: compare the other attempts at this task to see where it went wrong.`;
}
