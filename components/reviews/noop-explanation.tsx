import Link from 'next/link';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { NoopExplanation as Explanation } from '@/lib/review/noop-explanation';

/**
 * A curator no-op instead of an empty diff: why nothing changes, the card(s)
 * it refers to (linked, as they are now), the similarity it recorded, and per
 * card what the delta would have added — so a reviewer can tell a true
 * duplicate from a delta that was dropped.
 */
export function NoopExplanation({ noop }: { noop: Explanation }) {
  return (
    <div className="space-y-3" data-testid="noop-explanation">
      <p className="text-sm">
        <span className="font-medium">No change proposed:</span> <UntrustedText text={noop.reason} />
      </p>
      {noop.similarity !== null ? (
        <p className="text-sm" data-testid="noop-similarity">
          Similarity recorded at curation: <span className="font-mono font-medium">{noop.similarity.toFixed(2)}</span>
          <span className="text-slate-600"> (0 = unrelated, 1.00 = the same title, trigger, tags and rule)</span>
        </p>
      ) : null}
      {noop.cards.length ? (
        <ul className="space-y-3">
          {noop.cards.map((c) => (
            <li key={c.cardId} className="space-y-1" data-testid="noop-card" data-card-key={c.key}>
              <p className="text-sm">
                {noop.cards.length === 1 ? 'Refers to ' : ''}
                <Link
                  href={`/cards/${encodeURIComponent(c.key)}`}
                  className="font-medium text-indigo-700 hover:underline"
                >
                  <UntrustedText text={c.title || c.key} />
                </Link>{' '}
                <span className="font-mono text-xs text-slate-600">
                  <UntrustedText text={c.key} /> · now v{c.currentNumber ?? '—'} · {c.status.toLowerCase()}
                </span>
              </p>
              {c.deltaDiff ? (
                <details className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
                  <summary className="cursor-pointer text-sm">
                    The delta against this card (v{c.currentNumber ?? '—'}): what it would have changed
                  </summary>
                  <FieldDiffView
                    className="mt-2"
                    changes={c.deltaDiff}
                    onlyChanged
                    emptyText="The delta says nothing this card does not."
                  />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">The curator named no existing card.</p>
      )}
    </div>
  );
}
