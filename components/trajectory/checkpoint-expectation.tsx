'use client';

import { UntrustedText } from '@/components/ui/untrusted-text';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { CallCandidates, passedText } from './call-candidates';
import { diffFields, type FieldChange } from '@/lib/diff/field-diff';
import type { CheckpointView } from '@/lib/trajectories/get-trajectory';
import { plural } from '@/lib/text/plural';
import { revealBidi } from '@/lib/text/reveal-bidi';

type Props = {
  checkpoint: CheckpointView;
  onShowEvent: (position: number) => void;
  /** The call the expectation is compared with (one of the checkpoint's candidates); null = its anchor. */
  comparedAt?: number | null;
  onCompare?: (position: number) => void;
};

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const topKey = (path: string) => path.split('.')[0];

/**
 * What the checkpoint expected, first thing above the diagnosis form. For an
 * action check with a recoverable expected call, a field diff of the expected
 * arguments against the anchored call (the compared arguments only, changed
 * ones first), so e.g. `total_baggages: 1 → 0` is what the annotator reads
 * before blaming anything else. All values are rendered as text (names with bidi markers).
 */
export function CheckpointExpectation({ checkpoint: c, onShowEvent, comparedAt = null, onCompare }: Props) {
  const expected = c.expectedCall;
  return (
    <section
      aria-label={`What ${c.key} expected`}
      data-testid="checkpoint-expectation"
      className="space-y-1.5 rounded-md bg-slate-50 p-2.5 text-sm ring-1 ring-slate-200"
    >
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Expected{' '}
        {c.kind ? (
          <span className="font-normal normal-case">· {revealBidi(c.kind.replace('_', ' '))} check</span>
        ) : null}
      </h3>
      {expected ? null : c.description ? (
        <p className="whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]" data-testid="checkpoint-description">
          <UntrustedText text={c.description} />
        </p>
      ) : (
        <p className="text-slate-600">
          The benchmark gives no description for this check beyond its name: <UntrustedText text={c.name} />
        </p>
      )}
      {/* The differing fields come first: they are the finding; the evaluator's note follows. */}
      {expected ? (
        <ExpectedVsActual checkpoint={c} onShowEvent={onShowEvent} comparedAt={comparedAt} onCompare={onCompare} />
      ) : null}
      {c.note ? (
        <p className="text-xs text-slate-700 [overflow-wrap:anywhere]" data-testid="checkpoint-note">
          <span className="font-semibold">Evaluator: </span>
          <UntrustedText text={c.note} />
        </p>
      ) : null}
    </section>
  );
}

function ExpectedVsActual({ checkpoint: c, onShowEvent, comparedAt, onCompare }: Props) {
  const expected = c.expectedCall!;
  // The anchor unless the annotator picked another candidate call.
  const candidate = c.candidates.find((x) => x.position === comparedAt) ?? c.candidates[0] ?? null;
  const actual = candidate ?? c.anchoredCall;
  const at = candidate?.position ?? c.eventIndex;
  if (!actual)
    return (
      <p className="text-xs text-slate-600">No tool call to compare with: the trajectory never makes this call.</p>
    );
  const compared = expected.compared;
  const keep = (changes: FieldChange[]) =>
    compared ? changes.filter((ch) => compared.includes(topKey(ch.path))) : changes;
  // Differences first: they are the reason the check failed.
  const changes = keep(diffFields(expected.arguments, asRecord(actual.arguments))).sort(
    (a, b) => Number(b.changed) - Number(a.changed),
  );
  const differing = [...new Set(changes.filter((ch) => ch.changed).map((ch) => topKey(ch.path)))];
  const otherTool = actual.tool && !actual.tool.endsWith(expected.name) ? actual.tool : null;
  const same = changes.filter((ch) => !ch.changed);
  return (
    <div className="space-y-1.5">
      {differing.length ? (
        <p className="text-xs font-semibold text-rose-800" data-testid="expected-differs">
          Differs: {revealBidi(differing.join(', '))}
        </p>
      ) : null}
      {otherTool ? (
        <p className="text-xs font-medium text-rose-800">The anchored event calls {revealBidi(otherTool)}.</p>
      ) : null}
      <p className="text-[11px] text-slate-600">
        <del className="bg-red-50 text-red-800">expected</del> →{' '}
        <ins className="bg-green-50 text-green-800 no-underline">
          call at{' '}
          <button
            type="button"
            className="font-medium text-indigo-700 hover:underline"
            onClick={() => at != null && onShowEvent(at)}
            data-testid="compared-call"
          >
            event #{at}
          </button>
        </ins>
      </p>
      {candidate?.passedKeys.length ? (
        // A call that satisfied another checkpoint is rarely what this one failed on: never shown unsaid.
        <p
          role="note"
          className="rounded bg-amber-50 px-1.5 py-1 text-xs text-amber-900"
          data-testid="passed-elsewhere"
        >
          This call {revealBidi(passedText(candidate.passedKeys))}
          {candidate.position === c.eventIndex && c.candidates.length === 1
            ? `; the run makes no other call of ${revealBidi(expected.name)}.`
            : '.'}
        </p>
      ) : null}
      {changes.some((ch) => ch.changed) ? (
        <FieldDiffView changes={changes} onlyChanged highlight={differing} className="text-xs" />
      ) : (
        <p className="text-xs text-slate-600">
          {changes.length ? 'The compared arguments are equal.' : 'Neither call has arguments to compare.'}
        </p>
      )}
      {candidate && onCompare ? (
        <CallCandidates
          candidates={c.candidates}
          compared={candidate.position}
          tool={expected.name}
          onCompare={onCompare}
        />
      ) : null}
      {same.length ? (
        // Equal arguments are context, not the finding: folded so the form stays close.
        <details className="text-xs">
          <summary className="cursor-pointer text-slate-600">
            {plural(same.length, 'equal argument')}
            {compared ? ' (of those the benchmark compares)' : ''}
          </summary>
          <FieldDiffView changes={same} className="mt-1 text-xs" />
        </details>
      ) : null}
    </div>
  );
}
