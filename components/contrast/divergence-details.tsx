import { FieldDiffView } from '@/components/diff/field-diff-view';
import type { StepDifference } from '@/lib/contrast/divergence-details';
import { diffFields } from '@/lib/diff/field-diff';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * Under the divergence summary: for each differing run, what it does instead
 * of the passing runs' consensus — the differing argument keys and values as
 * a field diff (consensus struck, this run's value added), or the missing /
 * extra / other call. Values are rendered as text; tool names (imported) with bidi markers.
 */
export function DivergenceDetails({
  details,
  step,
  labelOf,
}: {
  details: StepDifference[];
  step: number;
  labelOf: (trajectoryId: string) => string;
}) {
  return (
    <ul
      aria-label={`How the failing runs differ at step ${step}`}
      data-testid="divergence-details"
      className="mb-2 space-y-2"
    >
      {details.map((d) => (
        <li key={d.trajectoryId} className="rounded-md bg-white px-3 py-2 text-sm ring-1 ring-amber-200">
          <p className="text-slate-800">
            <span className="font-semibold">{labelOf(d.trajectoryId)}</span> at step {step}: {revealBidi(sentence(d))}
          </p>
          {d.kind === 'arguments' && Object.keys(d.consensus).length ? (
            <FieldDiffView changes={diffFields(d.consensus, d.actual)} onlyChanged className="mt-1 text-xs" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function sentence(d: StepDifference): string {
  switch (d.kind) {
    case 'missing':
      return `makes no call where the passing runs call ${d.consensusTool}.`;
    case 'extra':
      return `calls ${d.actualTool}, which the passing runs do not call here.`;
    case 'other-tool':
      return `calls ${d.actualTool} where the passing runs call ${d.consensusTool}.`;
    default: {
      const keys = Object.keys(d.consensus);
      return keys.length
        ? `calls ${d.actualTool} with other arguments than the passing runs (struck: theirs; added: this run's) — ${keys.join(', ')}.`
        : `calls ${d.actualTool}; only free-text arguments differ.`;
    }
  }
}
