/**
 * The one link format to a trajectory, its events and a task's runs side by side (docs/architecture.md
 * "One of each"): provenance, search results, the checkpoint grid, the queue, policy citations and
 * diagnoses all open a trajectory this way, and the trajectory page scrolls to and selects what the
 * link names. ESLint refuses a `/trajectories/` or `/tasks/` link built anywhere else (eslint.config.mjs).
 */
export function trajectoryEventHref(
  trajectoryId: string,
  position?: number | null,
  opts: {
    checkpointResultId?: string | null;
    diagnosisId?: string | null;
    /** A policy passage (a citation's anchor): the page opens the policy there. */
    policy?: string | null;
    /** Query parameters the page carries on unchanged (the queue's filters, so "next" stays in that queue). */
    carry?: string | null;
  } = {},
): string {
  const q = new URLSearchParams();
  if (position !== undefined && position !== null) q.set('event', String(position));
  if (opts.checkpointResultId) q.set('checkpoint', opts.checkpointResultId);
  // The page shows this diagnosis (read-only when another annotator's), scrolled into view and highlighted.
  if (opts.diagnosisId) q.set('diagnosis', opts.diagnosisId);
  if (opts.policy) q.set('policy', opts.policy);
  const qs = [q.toString(), opts.carry ?? ''].filter(Boolean).join('&');
  return `/trajectories/${encodeURIComponent(trajectoryId)}${qs ? `?${qs}` : ''}`;
}

/** A trajectory's page, nothing selected. */
export function trajectoryHref(trajectoryId: string): string {
  return trajectoryEventHref(trajectoryId);
}

/** A task's page (the contrast view of all its runs). */
export function taskHref(taskId: string): string {
  return taskContrastHref(taskId);
}

/** A task's contrast page; with `runs`, only those runs side by side, aligned at their divergence. */
export function taskContrastHref(taskId: string, runs?: readonly string[]): string {
  const qs = runs?.length ? `?runs=${encodeURIComponent(runs.join(','))}` : '';
  return `/tasks/${encodeURIComponent(taskId)}${qs}`;
}
