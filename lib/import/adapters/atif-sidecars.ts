import type { NativeRecordInput } from '../native-schema';
import type { Json } from './shared';
import type { ItemWarning } from './types';
import { VERIFIER_CHECKPOINT, type VerifierVerdict } from './atif-verifier';

/**
 * What a run folder holds beside trajectory.json (atif-folder.ts): metrics.json and the verifier's
 * output. A run read from a folder always declares the verifier checkpoint, so every run of a task
 * read that way has one task definition, with or without a result.
 */
export type AtifSidecars = {
  metrics: Json | null;
  verifier: { file: string; verdict: VerifierVerdict | null; text: string } | null;
};

type Trajectory = NativeRecordInput['trajectory'];

/**
 * The parts of an ATIF record the sidecars decide: the verifier checkpoint, the outcome when the
 * verifier gave a result (else the caller keeps the run's self-report), and the metadata. Each gap
 * (no verifier output, an output without a result, a self-report the verifier contradicts) is a warning.
 */
export function sidecarFields(
  sidecars: AtifSidecars | undefined,
  reported: boolean | null,
  warnings: ItemWarning[],
): {
  taskCheckpoints: (typeof VERIFIER_CHECKPOINT)[];
  checkpoints: NativeRecordInput['checkpoints'];
  outcome: Trajectory['outcome'] | null;
  metadata: Record<string, unknown>;
} {
  if (!sidecars) return { taskCheckpoints: [], checkpoints: [], outcome: null, metadata: {} };
  const verifier = sidecars.verifier;
  const verdict = verifier?.verdict ?? null;
  if (!verifier)
    warnings.push({
      path: 'verifier',
      reason: "no verifier output beside trajectory.json: the outcome is the run's own report, not checked",
    });
  else if (!verdict)
    warnings.push({
      path: verifier.file,
      reason: `${verifier.file} holds no test result (it starts "${firstLineOf(verifier.text)}"): the verifier did not run, so the outcome is the run's own report, not checked`,
    });
  else if (reported != null && reported !== verdict.passed)
    warnings.push({
      path: verifier.file,
      reason: `the run reported ${reported ? 'success' : 'failure'} but the verifier ${verdict.passed ? 'passed' : 'failed'} it: the verifier's result is the outcome`,
    });
  return {
    taskCheckpoints: [VERIFIER_CHECKPOINT],
    checkpoints: verdict
      ? [
          {
            id: VERIFIER_CHECKPOINT.id,
            passed: verdict.passed,
            score: verdict.score,
            total: verdict.total,
            note: verdict.note,
          },
        ]
      : [],
    outcome: verdict
      ? { passed: verdict.passed, score: verdict.score / verdict.total, reason: `verifier: ${verdict.note}` }
      : null,
    metadata: {
      metrics: sidecars.metrics,
      verifier_file: verifier?.file ?? null,
      // The verifier's own words when they hold no result (why it did not run), bounded.
      verifier_output: verifier && !verdict ? verifier.text.slice(0, 2000) : null,
    },
  };
}

function firstLineOf(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
}
