import type { CheckpointView } from './get-trajectory';

/** The task's reward basis as its source names it (τ²-bench keeps `reward_basis` in the task's metadata). */
export function taskRewardBasis(metadata: unknown): string[] | null {
  const basis = metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>).reward_basis : null;
  return Array.isArray(basis) && basis.length && basis.every((b) => typeof b === 'string') ? basis : null;
}

/** A failed check outside the run's reward basis: recorded, but it did not count. */
export const isInformational = (c: Pick<CheckpointView, 'passed' | 'inRewardBasis'>) =>
  !c.passed && c.inRewardBasis === false;

/** A failed check inside the basis of a run that failed: one of the checks that decided the outcome. */
export const decidedOutcome = (c: Pick<CheckpointView, 'passed' | 'inRewardBasis'>, runPassed: boolean) =>
  !runPassed && !c.passed && c.inRewardBasis === true;

export const INFORMATIONAL_NOTE = "outside this task's reward basis: did not count";

const score = (s: number) => (Number.isInteger(s) ? s.toFixed(1) : String(s));
const keys = (cs: CheckpointView[]) => cs.map((c) => `\`${c.key}\``).join(', ');
const checks = (cs: CheckpointView[]) => `${keys(cs)} ${cs.length === 1 ? 'check' : 'checks'}`;

/**
 * Why the run passed or failed, in one sentence, when its source says what counted: "Passed: reward 1.0 on
 * DB + COMMUNICATE; the failed `db` check is informational". Null when nothing is known about the basis.
 */
export function outcomeExplanation(view: {
  passed: boolean;
  score: number | null;
  rewardBasis: string[] | null;
  checkpoints: CheckpointView[];
}): string | null {
  const informational = view.checkpoints.filter(isInformational);
  const deciding = view.checkpoints.filter((c) => decidedOutcome(c, view.passed));
  if (!view.rewardBasis && !informational.length && !deciding.length) return null;
  const reward = view.score != null ? ` reward ${score(view.score)}` : '';
  const on = view.rewardBasis ? ` on ${view.rewardBasis.join(' + ')}` : '';
  const head = `${view.passed ? 'Passed' : 'Failed'}:${reward}${on}`.replace(/:$/, '');
  const parts = [head];
  if (deciding.length) parts.push(`decided by the failed ${checks(deciding)}`);
  if (informational.length)
    parts.push(
      `the failed ${checks(informational)} ${informational.length === 1 ? 'is' : 'are'} informational (${INFORMATIONAL_NOTE})`,
    );
  return parts.join('; ');
}
