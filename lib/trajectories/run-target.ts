/**
 * A diagnosis has one target: a failed checkpoint result, or the run as a whole when the run failed
 * without a failed checkpoint result (τ²-bench `max_steps`, `too_many_errors`: no checkpoint results at
 * all; or every recorded check passed yet the reward is 0). The client names both kinds by one target id,
 * so the workspace treats the run like one more failed checkpoint: a checkpoint result's id, or
 * `run:<trajectoryId>`. On the wire and in the database the two stay apart (`checkpointResultId` or
 * `runTrajectoryId`).
 */
export const RUN_TARGET_PREFIX = 'run:';

/** The key and name the run-level item carries in the trajectory's failed-checkpoint list (queue, workspace). */
export const RUN_LEVEL_KEY = '@run';
export const RUN_LEVEL_NAME = 'The run as a whole';

export const runTargetId = (trajectoryId: string) => `${RUN_TARGET_PREFIX}${trajectoryId}`;

export const isRunTargetId = (targetId: string) => targetId.startsWith(RUN_TARGET_PREFIX);

/** The write fields that name a target id: `{ checkpointResultId }` or `{ runTrajectoryId }`. */
export function targetFields(targetId: string): { checkpointResultId?: string; runTrajectoryId?: string } {
  return isRunTargetId(targetId)
    ? { runTrajectoryId: targetId.slice(RUN_TARGET_PREFIX.length) }
    : { checkpointResultId: targetId };
}

/** The target id of a stored diagnosis (or of a write naming one of the two fields). */
export function targetIdOf(d: { checkpointResultId?: string | null; runTrajectoryId?: string | null }): string {
  if (d.checkpointResultId) return d.checkpointResultId;
  if (d.runTrajectoryId) return runTargetId(d.runTrajectoryId);
  throw new Error('a diagnosis names a checkpoint result or a run');
}

/**
 * Whether a trajectory's failed-checkpoint list (Trajectory."failedCheckpoints", kept by the summary recount)
 * holds the run-level item: the run failed and none of its checkpoint results did.
 */
export function isRunLevelList(failedCheckpoints: unknown): boolean {
  return Array.isArray(failedCheckpoints) && failedCheckpoints.some((c) => c?.key === RUN_LEVEL_KEY);
}
