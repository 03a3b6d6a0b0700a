import { arr, type Json } from './shared';

/**
 * τ²-bench's reward is the product of the components named in `reward_basis` only (its RewardType: DB,
 * ENV_ASSERTION, NL_ASSERTION, ACTION, COMMUNICATE): airline scores DB + COMMUNICATE, so its action checks and
 * NL assertions are recorded but never change the reward, and telecom's basis leaves the DB check out.
 */
export type RewardComponent = 'DB' | 'ENV_ASSERTION' | 'NL_ASSERTION' | 'ACTION' | 'COMMUNICATE';

/** The run's reward basis (its own `reward_info`, else the task's criteria), or null when neither names one. */
export function rewardBasisOf(rewardInfo: Json, criteria: Json): Set<string> | null {
  const named = [rewardInfo.reward_basis, criteria.reward_basis].find((b) => Array.isArray(b) && b.length);
  return named ? new Set(arr(named).map((b) => String(b).toUpperCase())) : null;
}

/** Whether a check of `component` decided the outcome (true) or is informational (false); undefined: no basis named. */
export function inRewardBasis(basis: Set<string> | null, component: RewardComponent): boolean | undefined {
  return basis ? basis.has(component) : undefined;
}
