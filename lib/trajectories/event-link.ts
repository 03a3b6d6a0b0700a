/**
 * The one link format to a trajectory event (docs/architecture.md "One of each"): provenance,
 * search results, the checkpoint grid and diagnoses all open a trajectory at
 * an event this way, and the trajectory page scrolls to and selects it.
 */
export function trajectoryEventHref(
  trajectoryId: string,
  position?: number | null,
  opts: { checkpointResultId?: string | null; diagnosisId?: string | null } = {},
): string {
  const q = new URLSearchParams();
  if (position !== undefined && position !== null) q.set('event', String(position));
  if (opts.checkpointResultId) q.set('checkpoint', opts.checkpointResultId);
  // The page shows this diagnosis (read-only when another annotator's), scrolled into view and highlighted.
  if (opts.diagnosisId) q.set('diagnosis', opts.diagnosisId);
  const qs = q.toString();
  return `/trajectories/${encodeURIComponent(trajectoryId)}${qs ? `?${qs}` : ''}`;
}
