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

/**
 * A reason as its code and the source's own words after it: "max_steps", or "root_span_error: agent
 * crashed" (a code, then what the source said, as the OTLP receiver writes a failed root span's status).
 */
function parseReason(reason: string): { code: string; detail: string | null } {
  const at = reason.indexOf(': ');
  const code = at > 0 ? reason.slice(0, at) : reason;
  return WORDS[code] && at > 0 ? { code, detail: reason.slice(at + 2) } : { code: reason, detail: null };
}

/** Whether the run was cut off before it finished (a step, time or error limit, a crash): it did not complete its task. */
export function stoppedEarly(reason: string | null): boolean {
  return !!reason && WORDS[parseReason(reason).code]?.stopped === true;
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
  const { code, detail } = parseReason(reason);
  const known = WORDS[code];
  const after = eventCount != null ? ` after ${plural(eventCount, 'event')}` : '';
  if (!known) return `Ended: ${reason}${after}`;
  return `${known.stopped ? 'Stopped' : 'Ended'}: ${known.text}${detail ? `: ${detail}` : ''} (${code})${after}`;
}
