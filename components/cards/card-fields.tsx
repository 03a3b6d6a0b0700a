import type { ReactNode } from 'react';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { inCardFieldOrder } from '@/lib/cards/field-order';

/** A card's content as labelled fields (read-only). Text only: never rendered as HTML. */
export function CardFields({ content }: { content: unknown }) {
  if (!content || typeof content !== 'object') return <p className="text-sm text-slate-600">(no content)</p>;
  return (
    <dl
      className="divide-y divide-slate-100 rounded border border-slate-200 bg-white text-sm"
      data-testid="card-fields"
    >
      {Object.entries(inCardFieldOrder(content) as Record<string, unknown>).map(([k, v]) => (
        <Row key={k} path={k} value={v} />
      ))}
    </dl>
  );
}

function Row({ path, value }: { path: string; value: unknown }): ReactNode {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => (
      <Row key={k} path={`${path}.${k}`} value={v} />
    ));
  }
  return (
    <div className="grid grid-cols-[minmax(8rem,12rem)_1fr] gap-3 px-3 py-2" data-field={path}>
      <dt className="break-words font-mono text-xs text-slate-600">
        <UntrustedText text={path} />
      </dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words">{show(value)}</dd>
    </div>
  );
}

function show(v: unknown): ReactNode {
  if (Array.isArray(v)) {
    if (!v.length) return <span className="text-slate-500">(empty)</span>;
    return (
      <ul className="list-disc space-y-0.5 pl-4">
        {v.map((x, i) => (
          <li key={i}>
            <UntrustedText
              text={
                typeof x === 'string'
                  ? x
                  : Object.entries(x as Record<string, unknown>)
                      .map(([k, y]) => `${k}: ${String(y)}`)
                      .join(' · ')
              }
            />
          </li>
        ))}
      </ul>
    );
  }
  if (v === null || v === undefined || v === '') return <span className="text-slate-500">(none)</span>;
  return <UntrustedText text={String(v)} />;
}
