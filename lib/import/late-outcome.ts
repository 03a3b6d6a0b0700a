type Result = { passed: boolean; score: number | null; total: number | null; inRewardBasis: boolean | null };

/**
 * A trajectory's outcome once its checkpoint results are known: the one given
 * with them, else passed when every counted result passed (a result outside
 * the reward basis is informational and does not count), scored as the sum of
 * scores over the sum of totals when every counted result has both, else as
 * the share of counted results that passed. null when no result counts: the
 * outcome the trajectory was imported with stands.
 *
 * A run that was stopped before it finished (`runStoppedEarly`: max_steps, too_many_errors, a trace whose root
 * span failed, …) stays failed
 * whatever its checks say: passing every check it was scored on does not make an unfinished run a success
 * (τ²-bench scores such a run 0). Its score still follows the results. An outcome given with the results
 * is the evaluator's word and stands.
 */
export function lateOutcome(
  results: Result[],
  given?: { passed: boolean; score?: number | null },
  stopped = false,
): { passed: boolean; score: number | null } | null {
  if (given) return { passed: given.passed, score: given.score ?? null };
  const counted = results.filter((r) => r.inRewardBasis !== false);
  if (!counted.length) return null;
  const passed = !stopped && counted.every((r) => r.passed);
  const scored = counted.every((r) => r.score != null && r.total != null && r.total > 0);
  const score = scored
    ? counted.reduce((s, r) => s + r.score!, 0) / counted.reduce((s, r) => s + r.total!, 0)
    : counted.filter((r) => r.passed).length / counted.length;
  return { passed, score };
}
