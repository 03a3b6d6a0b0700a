/**
 * The verifier's result beside an ATIF trajectory (Terminal-Bench / Harbor run folders): the tests the
 * benchmark ran after the agent finished. It is the run's checked outcome, where the trajectory's own
 * `extra.success` (and metrics.json's `success`) is the agent's self-report.
 */
export type VerifierVerdict = { passed: boolean; score: number; total: number; note: string };

/** The task checkpoint a run folder's verifier result is recorded under. */
export const VERIFIER_CHECKPOINT = {
  id: 'verifier',
  name: 'Verifier tests',
  description:
    "The benchmark's verifier: the tests run after the agent finished (verifier/reward.txt or the test summary in verifier/output.txt).",
  weight: 1,
};

/** Where a run folder's verifier result is read from, first found first (relative to the run folder). */
export const VERIFIER_FILES = ['verifier/reward.txt', 'verifier/output.txt', 'verifier/test-stdout.txt'];

const COUNT_WORDS = 'passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected';
// pytest's final line: "==== 3 passed, 1 failed in 0.52s ====" (or without the rules under -q).
const PYTEST_SUMMARY = new RegExp(`^=*\\s*((?:\\d+ (?:${COUNT_WORDS})(?:, )?)+) in [\\d.]+s\\b.*$`, 'gm');

/**
 * Reads a verifier file: a reward (`reward.txt`: one number, 1 = solved) or pytest's output (its last
 * summary line). Null when it holds no result, e.g. the verifier failed to start; the caller says so.
 */
export function readVerifierResult(file: string, text: string): VerifierVerdict | null {
  if (/reward\.txt$/i.test(file)) {
    const reward = Number(text.trim());
    if (!text.trim() || !Number.isFinite(reward)) return null;
    return { passed: reward >= 1, score: reward, total: 1, note: `reward ${reward} (${file})` };
  }
  const summaries = [...text.matchAll(PYTEST_SUMMARY)];
  const last = summaries.at(-1);
  if (!last) return null;
  const count = (word: RegExp) =>
    last[1]
      .split(', ')
      .filter((part) => word.test(part))
      .reduce((n, part) => n + Number.parseInt(part, 10), 0);
  const passed = count(/ passed$/);
  const failed = count(/ failed$/) + count(/ errors?$/);
  if (passed + failed === 0) return null;
  return { passed: failed === 0, score: passed, total: passed + failed, note: `${last[1]} (${file})` };
}
