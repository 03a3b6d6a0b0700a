import { plural } from '@/lib/text/plural';
import type { TrajectoryView } from './get-trajectory';

const keysOf = (unscored: TrajectoryView['unscored']) => unscored.map((c) => c.key).join(', ');

/**
 * What the workspace says where the diagnosis editor would be when no checkpoint of the run failed and
 * the run is not diagnosed as a whole (a passed run). A failed run without a failed checkpoint result is a
 * run-level item: the workspace offers the run target instead (runLevelMessage).
 */
export function noFailedCheckpointMessage(view: Pick<TrajectoryView, 'passed' | 'score' | 'unscored'>): string {
  if (view.passed)
    return view.unscored.length
      ? 'Every checkpoint with a result passed: nothing to diagnose.'
      : 'Every checkpoint passed: nothing to diagnose.';
  const score = view.score != null ? ` (score ${view.score})` : '';
  return `The run failed${score}: diagnose it as a whole.`;
}

/**
 * Why a failed run is diagnosed as a whole, without claiming a checkpoint result failed or passed when
 * there are none: the termination reason in words, then what the checkpoint results say.
 */
export function runLevelMessage(
  view: Pick<TrajectoryView, 'score' | 'unscored' | 'termination' | 'checkpoints'>,
): string {
  const score = view.score != null ? ` (score ${view.score})` : '';
  const n = view.checkpoints.length;
  const results =
    n === 0
      ? 'it has no checkpoint results'
      : n === 1
        ? 'its one checkpoint result passed'
        : `all ${n} of its checkpoint results passed`;
  const missing = view.unscored.length
    ? `; ${plural(view.unscored.length, 'checkpoint')} of the task ${view.unscored.length === 1 ? 'has' : 'have'} no result in the imported run (${keysOf(view.unscored)})`
    : '';
  return `${view.termination ? `${view.termination}. ` : ''}The run failed${score} and ${results}${missing}: diagnose the run as a whole, anchored to the events where it went wrong (the loop, the stall).`;
}

/**
 * The note for failed runs that have no failed checkpoint (import report, CLI, task page): they are in
 * the queue as run-level items, diagnosed as a whole (a τ²-bench run stopped at max_steps has no
 * checkpoint results at all). `onTaskPage`: the other attempts are below, not one link away.
 */
export function failedWithoutCheckpointNote(n: number, onTaskPage = false): string {
  const one = n === 1;
  const them = one ? 'it' : 'them';
  return (
    `${plural(n, 'failed run')} ${one ? 'has' : 'have'} no failed checkpoint result, so ${one ? 'it is' : 'they are'} in the queue as ${one ? 'a run-level item' : 'run-level items'}, diagnosed as a whole ` +
    `(e.g. a run stopped at the step limit has no checkpoint results; a τ-bench record without reward_info keeps only checks that passed). ` +
    (onTaskPage
      ? `Compare ${them} with the other attempts below.`
      : `Compare ${them} with the other attempts on ${one ? 'its task page' : 'their task pages'}.`)
  );
}
