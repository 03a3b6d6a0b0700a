/**
 * The LLM reflector names, on each delta, the packet diagnoses it was built from (`from_diagnoses`: their
 * `index` in the packet), as the offline reflector does from its root-cause groups, so a card's provenance
 * can name the diagnosis behind it. The key is taken off before the delta is validated as a card: it is
 * about where the delta came from, not part of the card. Indexes that name no packet diagnosis are left
 * out (a cited diagnosis must exist); a delta that names none cites none, and provenance falls back to
 * every diagnosis the run read, saying so.
 */
export function takeDeltaSources(raw: unknown, diagnosisCount: number): { content: unknown; sources: number[] } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw) || !('from_diagnoses' in raw))
    return { content: raw, sources: [] };
  const { from_diagnoses: from, ...content } = raw as Record<string, unknown>;
  const cited = Array.isArray(from) ? from : [from];
  const sources = cited.filter(
    (i): i is number => Number.isInteger(i) && (i as number) >= 0 && (i as number) < diagnosisCount,
  );
  return { content, sources: [...new Set(sources)] };
}
