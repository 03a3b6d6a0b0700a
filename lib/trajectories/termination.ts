import { plural } from '@/lib/text/plural';

/**
 * Why a run ended, in words, from the source's termination reason (τ²-bench `termination_reason`, kept as
 * the outcome's reason by the adapters). The code stays in the sentence: it is what the benchmark's own
 * reports and filters use. Null when the source gave none.
 */
const WORDS: Record<string, { stopped: boolean; text: string }> = {
  max_steps: { stopped: true, text: 'reached the step limit' },
  too_many_errors: { stopped: true, text: 'too many tool errors' },
  agent_error: { stopped: true, text: 'the agent raised an error' },
  user_error: { stopped: true, text: 'the simulated user raised an error' },
  max_time: { stopped: true, text: 'reached the time limit' },
  root_span_error: { stopped: true, text: 'the root span ended with an error' },
  user_stop: { stopped: false, text: 'the simulated user ended the conversation' },
  agent_stop: { stopped: false, text: 'the agent ended the conversation' },
};

/** Whether the run was cut off before it finished (a step, time or error limit, a crash): it did not complete its task. */
export function stoppedEarly(reason: string | null): boolean {
  return !!reason && WORDS[reason]?.stopped === true;
}

/**
 * The marker a run carries in `metadata.termination_reason` when its outcome reason is prose, not a code:
 * a trace whose root span (the run itself) ended with an error did not finish, whatever its reason says.
 */
export const TERMINATION_REASON_KEY = 'termination_reason';
export const ROOT_SPAN_ERROR = 'root_span_error';

/** Whether a run was cut off, by its outcome reason or by the termination code kept in its metadata. */
export function runStoppedEarly(run: { outcomeReason: string | null; terminationReason: string | null }): boolean {
  return stoppedEarly(run.outcomeReason) || stoppedEarly(run.terminationReason);
}

export function terminationText(reason: string | null, eventCount?: number): string | null {
  if (!reason) return null;
  const known = WORDS[reason];
  const after = eventCount != null ? ` after ${plural(eventCount, 'event')}` : '';
  if (!known) return `Ended: ${reason}${after}`;
  return `${known.stopped ? 'Stopped' : 'Ended'}: ${known.text} (${reason})${after}`;
}
