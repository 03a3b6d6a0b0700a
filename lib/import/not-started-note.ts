import { plural } from '@/lib/text/plural';

/**
 * What the import report says of runs that never started (Trajectory.notStarted): they are not failures,
 * so the reader must learn why they are missing from the queue and the pass rates.
 */
export function notStartedNote(n: number): string {
  const one = n === 1;
  return (
    `${plural(n, 'run')} never started (no checkpoints, 0 of 0 points: the environment failed before the agent acted). ` +
    `${one ? 'It is' : 'They are'} imported and counted apart: not in the queue, and not among the failed runs or in the pass rates of the dashboard.`
  );
}
