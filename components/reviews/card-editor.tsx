'use client';

import { useEffect, useMemo, useRef } from 'react';
import { inCardFieldOrder } from '@/lib/cards/field-order';

/**
 * Edit-then-approve form, built from the card's own shape: text fields as
 * text areas, lists of text one item per line, lists of objects (function
 * arguments) as JSON. `toContent` turns the form back into a card.
 */
export type EditorField = { path: string; type: 'text' | 'list' | 'json'; value: string };

export function fieldsOf(content: unknown, prefix = ''): EditorField[] {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return [];
  // The card's own fields in the order docs/architecture.md "Cards" lists them, so `e` lands in the title, not in the tags.
  return Object.entries((prefix ? content : inCardFieldOrder(content)) as Record<string, unknown>).flatMap(
    ([k, v]): EditorField[] => {
      const path = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') return [{ path, type: 'text', value: v }];
      if (Array.isArray(v) && v.every((x) => typeof x === 'string'))
        return [{ path, type: 'list', value: v.join('\n') }];
      if (v && typeof v === 'object' && !Array.isArray(v)) return fieldsOf(v, path);
      return [{ path, type: 'json', value: JSON.stringify(v, null, 1) }];
    },
  );
}

/** Rebuilds the card; a JSON field that does not parse is kept as its text so validation names it. */
export function toContent(fields: EditorField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const parts = f.path.split('.');
    let node = out;
    for (const p of parts.slice(0, -1)) node = (node[p] ??= {}) as Record<string, unknown>;
    const last = parts[parts.length - 1];
    if (f.type === 'text') node[last] = f.value;
    else if (f.type === 'list')
      node[last] = f.value
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
    else {
      try {
        node[last] = JSON.parse(f.value);
      } catch {
        node[last] = f.value;
      }
    }
  }
  return out;
}

/** `focusFirst`: opening the editor (the `e` key, the button) puts the cursor in its first field, as `a` and `r` do in their text box. */
export function CardEditor({
  fields,
  onChange,
  issuesByPath,
  focusFirst = false,
}: {
  fields: EditorField[];
  onChange: (fields: EditorField[]) => void;
  issuesByPath: Map<string, string[]>;
  focusFirst?: boolean;
}) {
  const rows = useMemo(() => fields.map((f, i) => ({ f, i })), [fields]);
  const first = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focusFirst) first.current?.focus();
    // Once, when the editor opens: later renders must not pull the cursor back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="space-y-3" data-testid="card-editor">
      {rows.map(({ f, i }) => {
        const issues = [...issuesByPath.entries()]
          .filter(([p]) => p === f.path || p.startsWith(`${f.path}[`) || p.startsWith(`${f.path}.`))
          .flatMap(([, m]) => m);
        const id = `edit-${f.path.replace(/\W+/g, '-')}`;
        return (
          <div key={f.path}>
            <label htmlFor={id} className="block font-mono text-xs text-slate-600">
              {f.path}
              {f.type === 'list' ? (
                <span className="ml-2 font-sans text-slate-500">one item per line</span>
              ) : f.type === 'json' ? (
                <span className="ml-2 font-sans text-slate-500">JSON</span>
              ) : null}
            </label>
            <textarea
              ref={i === 0 ? first : undefined}
              id={id}
              name={f.path}
              rows={
                f.type === 'text'
                  ? Math.min(4, Math.max(1, Math.ceil(f.value.length / 90)))
                  : Math.min(10, Math.max(2, f.value.split('\n').length))
              }
              value={f.value}
              aria-invalid={issues.length > 0}
              onChange={(e) => onChange(fields.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
              onKeyDown={(e) => {
                if (e.key === 'Escape') (e.target as HTMLTextAreaElement).blur();
              }}
              className={`mt-1 block w-full rounded-md border-0 px-2.5 py-1.5 font-mono text-xs shadow-sm ring-1 focus:ring-2 focus:ring-indigo-500 ${issues.length ? 'ring-rose-400' : 'ring-slate-300'}`}
            />
            {issues.map((m, k) => (
              <p key={k} className="mt-0.5 text-xs text-rose-700">
                {m}
              </p>
            ))}
          </div>
        );
      })}
    </div>
  );
}
