'use client';

import { UntrustedText } from '@/components/ui/untrusted-text';
import type { CallCandidate } from '@/lib/trajectories/get-trajectory';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';

/** "passed checkpoint 7_4" / "passed checkpoints 7_4, 7_5". */
export function passedText(keys: string[]): string {
  return `passed checkpoint${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
}

/**
 * The other calls of the expected tool, each with the compared arguments it
 * differs in, so an anchor that is not the call the annotator means is one key
 * (`,` / `.`) or one click away from being the compared one.
 */
export function CallCandidates({
  candidates,
  compared,
  tool,
  onCompare,
}: {
  candidates: CallCandidate[];
  compared: number;
  tool: string;
  onCompare: (position: number) => void;
}) {
  if (candidates.length < 2) return null;
  const anchor = candidates[0].position;
  return (
    <div className="text-xs" data-testid="call-candidates">
      <p className="text-slate-600">
        {plural(candidates.length, 'call')} of {revealBidi(tool)} in this run · <kbd className="font-mono">,</kbd> /{' '}
        <kbd className="font-mono">.</kbd> compares with the previous / next
      </p>
      <ul className="mt-1 space-y-0.5" aria-label="Calls to compare with">
        {candidates.map((x) => (
          <li key={x.position}>
            <button
              type="button"
              aria-current={x.position === compared ? 'true' : undefined}
              data-testid={`call-candidate-${x.position}`}
              onClick={() => onCompare(x.position)}
              className={`w-full rounded px-1.5 py-0.5 text-left ring-1 hover:bg-slate-100 ${x.position === compared ? 'bg-indigo-50 ring-indigo-400' : 'ring-transparent'}`}
            >
              <span className="font-medium text-indigo-700">#{x.position}</span>
              {x.position === anchor ? <span className="text-slate-600"> · the anchor</span> : null}
              {x.passedKeys.length ? (
                <span className="text-amber-800"> · {revealBidi(passedText(x.passedKeys))}</span>
              ) : null}{' '}
              ·{' '}
              {x.differing.length ? (
                <span className="text-rose-800">
                  differs: <UntrustedText text={x.differing.join(', ')} />
                </span>
              ) : (
                <span className="text-emerald-800">the expected arguments</span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
