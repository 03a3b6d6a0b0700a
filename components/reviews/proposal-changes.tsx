import Link from 'next/link';
import { CardFields } from '@/components/cards/card-fields';
import { FieldDiffView } from '@/components/diff/field-diff-view';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { ProposalDetail, ProposalTargetView } from '@/lib/review/get-proposal';

const cardHref = (key: string) => `/cards/${encodeURIComponent(key)}`;

/**
 * What the proposal changes, per operation: ADD the whole new card; PATCH /
 * NARROW current → proposed per field; MERGE every merged card side by side
 * with the merged result; a stale target base → current → proposed. Once
 * decided: base → proposed, or base → the version the approval applied.
 */
export function ProposalChanges({ p }: { p: ProposalDetail }) {
  if (p.operation === 'ADD_CARD') {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-600">
          A new {p.cardKind === 'FUNCTION' ? 'function' : 'skill'} card; every field is new.
        </p>
        <FieldDiffView changes={p.addDiff ?? []} />
      </div>
    );
  }
  if (p.operation === 'MERGE_CARD') return <MergeView p={p} />;
  return (
    <div className="space-y-4">
      {p.targets.map((t) => (
        <TargetDiff key={t.cardId} t={t} p={p} />
      ))}
    </div>
  );
}

function TargetHeading({ t }: { t: ProposalTargetView }) {
  return (
    <h3 className="text-sm font-semibold">
      <Link href={cardHref(t.key)} className="text-indigo-700 hover:underline">
        <UntrustedText text={t.title || t.key} />
      </Link>{' '}
      <span className="font-mono text-xs font-normal text-slate-600">
        <UntrustedText text={t.key} /> · now v{t.current?.number ?? '—'}
        {t.stale || t.from.label === 'base' ? ` · proposal based on v${t.base?.number ?? '—'}` : ''}
      </span>
    </h3>
  );
}

const capital = (s: string) => s[0].toUpperCase() + s.slice(1);

function diffLabel(t: ProposalTargetView): string {
  const to = t.to.number ? `${t.to.label} v${t.to.number}` : t.to.label;
  return `${capital(t.from.label)} v${t.from.number ?? '—'} → ${to}`;
}

/** The version a target is shown at: the card now while open, the base once decided. */
const shownVersion = (t: ProposalTargetView) => (t.from.label === 'base' ? t.base : t.current);

function TargetDiff({ t, p }: { t: ProposalTargetView; p: ProposalDetail }) {
  return (
    <div className="space-y-2" data-testid="target-diff" data-card-key={t.key}>
      <TargetHeading t={t} />
      {t.stale && t.baseToCurrent ? (
        <div className="space-y-1 rounded-md bg-orange-50/60 p-2 ring-1 ring-orange-200" data-testid="base-to-current">
          <p className="text-xs font-medium text-orange-900">
            Changed since the proposal was made: base v{t.base?.number ?? '—'} → current v{t.current?.number ?? '—'}
          </p>
          <FieldDiffView
            changes={t.baseToCurrent}
            onlyChanged
            emptyText="The content is the same; only the version moved on."
          />
        </div>
      ) : null}
      <p className="text-xs font-medium text-slate-600" data-testid="diff-label">
        {diffLabel(t)}
      </p>
      <FieldDiffView changes={t.changes} highlight={p.highlight} />
    </div>
  );
}

function MergeView({ p }: { p: ProposalDetail }) {
  return (
    <div className="space-y-4">
      <div
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(${p.targets.length + 1}, minmax(16rem, 1fr))` }}
        data-testid="merge-side-by-side"
      >
        {p.targets.map((t) => (
          <div key={t.cardId} className="min-w-0 space-y-1" data-testid="merged-card" data-card-key={t.key}>
            <TargetHeading t={t} />
            <p className="text-xs">
              {t.primary ? (
                <span
                  className="rounded bg-emerald-50 px-1.5 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200"
                  data-testid="kept-card"
                >
                  kept: gets the merged version
                </span>
              ) : (
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-700 ring-1 ring-slate-200">
                  marked MERGED into the kept card
                </span>
              )}
            </p>
            <CardFields content={shownVersion(t)?.content} />
          </div>
        ))}
        <div className="min-w-0 space-y-1" data-testid="merge-result">
          <h3 className="text-sm font-semibold">Merged result</h3>
          <p className="text-xs text-slate-600">
            {p.appliedCard ? 'the version the approval applied' : 'new version of the kept card'}
          </p>
          <CardFields content={p.appliedCard ?? p.proposedCard} />
        </div>
      </div>
      <details className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
        <summary className="cursor-pointer text-sm font-medium">Field diffs: each merged card → merged result</summary>
        <div className="mt-2 space-y-4">
          {p.targets.map((t) => (
            <TargetDiff key={t.cardId} t={t} p={p} />
          ))}
        </div>
      </details>
    </div>
  );
}
