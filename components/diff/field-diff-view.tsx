import type { DiffPart, FieldChange, ListItemChange } from '@/lib/diff/field-diff';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * Renders `diffFields` output: one row per field path, removed words struck
 * through in red, added words underlined in green. Pure markup (no hooks), so
 * server and client components can both use it. Values are rendered as text,
 * never as HTML, and bidi controls in them (imported and LLM-written text) show
 * as ⟨U+…⟩ markers instead of reordering what is read (lib/text/reveal-bidi.ts).
 */
type Props = {
  changes: FieldChange[];
  /** Field paths to emphasise (e.g. `applies_when` on a NARROW_TRIGGER). */
  highlight?: string[];
  /** Hide fields that did not change (default: show them, dimmed). */
  onlyChanged?: boolean;
  /** Shown when nothing differs. */
  emptyText?: string;
  className?: string;
};

export function FieldDiffView({
  changes,
  highlight = [],
  onlyChanged = false,
  emptyText = 'No differences.',
  className = '',
}: Props) {
  const rows = onlyChanged ? changes.filter((c) => c.changed) : changes;
  if (!changes.some((c) => c.changed) && onlyChanged) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <dl
      className={`divide-y divide-slate-100 rounded border border-slate-200 bg-white text-sm ${className}`}
      data-testid="field-diff"
    >
      {rows.map((c) => {
        const hl = highlight.some((h) => c.path === h || c.path.startsWith(`${h}.`));
        return (
          <div
            key={c.path}
            data-field={c.path}
            data-changed={c.changed ? 'true' : 'false'}
            className={`grid grid-cols-[minmax(8rem,12rem)_1fr] gap-3 px-3 py-2 ${hl ? 'bg-amber-50 ring-1 ring-inset ring-amber-300' : ''} ${c.changed ? '' : 'text-slate-600'}`}
          >
            <dt className="break-words font-mono text-xs text-slate-600">
              {c.path}
              {/* The space lets the pill wrap whole under a long path instead of breaking as "chan / ged". */}
              {c.changed ? (
                <>
                  {' '}
                  <span className="whitespace-nowrap rounded bg-indigo-100 px-1 font-sans text-[10px] text-indigo-800">
                    changed
                  </span>
                </>
              ) : null}
            </dt>
            <dd className="min-w-0 whitespace-pre-wrap break-words">{renderChange(c)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function renderChange(c: FieldChange) {
  if (c.kind === 'text') return <Parts parts={c.parts} />;
  if (c.kind === 'list') {
    if (!c.items.length) return <span className="text-slate-500">(empty)</span>;
    return (
      <ul className="space-y-1">
        {c.items.map((item, i) => (
          <ListItem key={i} item={item} />
        ))}
      </ul>
    );
  }
  if (!c.changed) return <span>{show(c.after)}</span>;
  return (
    <span>
      <del className="bg-red-50 text-red-800">{show(c.before)}</del>
      <span className="px-1 text-slate-500">→</span>
      <ins className="bg-green-50 text-green-800 no-underline">{show(c.after)}</ins>
    </span>
  );
}

const MARK: Record<ListItemChange['status'], { sign: string; cls: string; label: string }> = {
  same: { sign: ' ', cls: 'text-slate-700', label: 'unchanged' },
  added: { sign: '+', cls: 'bg-green-50 text-green-900', label: 'added' },
  removed: { sign: '−', cls: 'bg-red-50 text-red-900 line-through', label: 'removed' },
  changed: { sign: '~', cls: 'bg-amber-50 text-slate-900', label: 'changed' },
};

function ListItem({ item }: { item: ListItemChange }) {
  const m = MARK[item.status];
  return (
    <li className={`flex gap-2 rounded px-1 ${m.cls}`} data-item-status={item.status}>
      {/* A bare span may not carry aria-label (axe: aria-prohibited-attr): the sign is for the eye, the word for screen readers. */}
      <span aria-hidden="true" className="w-3 shrink-0 font-mono text-slate-600">
        {m.sign}
      </span>
      <span className="sr-only">{m.label}</span>
      <span className="min-w-0">
        {item.status === 'changed' ? (
          <Parts parts={item.parts} />
        ) : (
          revealBidi(item.status === 'removed' ? item.before : item.after)
        )}
      </span>
    </li>
  );
}

function Parts({ parts }: { parts: DiffPart[] }) {
  if (!parts.length) return <span className="text-slate-500">(empty)</span>;
  return (
    <>
      {parts.map((p, i) =>
        p.added ? (
          <ins key={i} className="rounded-sm bg-green-100 text-green-900 underline decoration-green-500">
            {revealBidi(p.value)}
          </ins>
        ) : p.removed ? (
          <del key={i} className="rounded-sm bg-red-100 text-red-900">
            {revealBidi(p.value)}
          </del>
        ) : (
          <span key={i}>{revealBidi(p.value)}</span>
        ),
      )}
    </>
  );
}

function show(v: unknown): string {
  if (v === null || v === undefined) return '(none)';
  return revealBidi(typeof v === 'string' ? v : JSON.stringify(v));
}
