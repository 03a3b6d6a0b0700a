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
  user_stop: { stopped: false, text: 'the simulated user ended the conversation' },
  agent_stop: { stopped: false, text: 'the agent ended the conversation' },
};

/** Whether the run was cut off before it finished (a step, time or error limit, a crash): it did not complete its task. */
export function stoppedEarly(reason: string | null): boolean {
  return !!reason && WORDS[reason]?.stopped === true;
}

export function terminationText(reason: string | null, eventCount?: number): string | null {
  if (!reason) return null;
  const known = WORDS[reason];
  const after = eventCount != null ? ` after ${plural(eventCount, 'event')}` : '';
  if (!known) return `Ended: ${reason}${after}`;
  return `${known.stopped ? 'Stopped' : 'Ended'}: ${known.text} (${reason})${after}`;
}
