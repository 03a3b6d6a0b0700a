/**
 * How one run is named wherever its model is shown: the model, plus the
 * harness (agent) and trial, since one model under two agents, or two trials,
 * are different attempts that otherwise look identical.
 */
export function runLabel(t: { model: string; agent?: string | null; trial?: number | null }): string {
  return [t.model, runDetail(t)].filter(Boolean).join(' · ');
}

/** Just the part after the model ("tau2-agent · trial 1"), empty when there is none. */
export function runDetail(t: { agent?: string | null; trial?: number | null }): string {
  return [t.agent, t.trial != null ? `trial ${t.trial}` : null].filter(Boolean).join(' · ');
}
