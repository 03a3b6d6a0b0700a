import { plural } from '@/lib/text/plural';
import type { TrajectoryView } from './get-trajectory';

const keysOf = (unscored: TrajectoryView['unscored']) => unscored.map((c) => c.key).join(', ');

/**
 * What the workspace says where the diagnosis editor would be when no checkpoint of the run failed.
 * A failed run can get here too (a τ-bench record without reward_info keeps only the derived action
 * checks, all passed): "every checkpoint passed" would then contradict the red outcome beside it.
 */
export function noFailedCheckpointMessage(view: Pick<TrajectoryView, 'passed' | 'score' | 'unscored'>): string {
  if (view.passed)
    return view.unscored.length
      ? 'Every checkpoint with a result passed: nothing to diagnose.'
      : 'Every checkpoint passed: nothing to diagnose.';
  const score = view.score != null ? ` (score ${view.score})` : '';
  const missing = view.unscored.length
    ? `; ${plural(view.unscored.length, 'checkpoint')} of the task ${view.unscored.length === 1 ? 'has' : 'have'} no result in the imported run (${keysOf(view.unscored)})`
    : '';
  return `The run failed${score}, but none of its checkpoint results failed${missing}. There is no failed checkpoint to diagnose here: compare the other attempts at this task to see where it went wrong.`;
}

/**
 * The note for failed runs that have no failed checkpoint (import report, CLI, task page). The queue
 * lists failed checkpoints (PRODUCT.md: a diagnosis is pinned to one), so such a run never reaches
 * it; said where the runs arrive, instead of leaving them out without a word. `onTaskPage`: the
 * other attempts are below, not one link away.
 */
export function failedWithoutCheckpointNote(n: number, onTaskPage = false): string {
  const one = n === 1;
  const them = one ? 'it' : 'them';
  return (
    `${plural(n, 'failed run')} ${one ? 'has' : 'have'} no failed checkpoint to diagnose, so ${one ? 'it is' : 'they are'} not in the queue: ` +
    `none of ${one ? 'its' : 'their'} checkpoint results failed (a result can be missing from the source, e.g. a τ-bench record without reward_info). ` +
    (onTaskPage
      ? `Compare ${them} with the other attempts below.`
      : `Compare ${them} with the other attempts on ${one ? 'its task page' : 'their task pages'}.`)
  );
}
