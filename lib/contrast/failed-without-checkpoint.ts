import type { ContrastTrajectory, TaskContrast } from './load-task-contrast';

/**
 * The failed runs of a contrast whose grid row has no failed checkpoint result: the queue holds them as
 * run-level items (diagnosed as a whole), and the task page says so (lib/trajectories/no-failed-checkpoint.ts).
 */
export function failedWithoutFailedCheckpoint({
  trajectories,
  grid,
}: Pick<TaskContrast, 'trajectories' | 'grid'>): ContrastTrajectory[] {
  return trajectories.filter((t, r) => !t.passed && !(grid[r] ?? []).some((cell) => cell != null && !cell.passed));
}
