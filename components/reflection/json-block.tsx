'use client';

import { useState } from 'react';

/**
 * Untrusted or machine-made content (packets, raw LLM output, card JSON) shown
 * as text, never as HTML; long blocks fold so the page stays scannable.
 */
export function JsonBlock({ value, label, foldAt = 1200 }: { value: unknown; label: string; foldAt?: number }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const long = (text ?? '').length > foldAt;
  const [open, setOpen] = useState(!long);
  if (text === undefined || text === null || text === '' || text === 'null')
    return <p className="text-sm text-slate-600">None recorded.</p>;
  return (
    <div>
      <pre
        aria-label={label}
        tabIndex={0}
        className={`overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800 ring-1 ring-slate-200 ${open ? 'max-h-[36rem]' : 'max-h-48'}`}
      >
        {text}
      </pre>
      {long ? (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-indigo-700 hover:underline"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {open ? 'Show less' : `Show all (${text.length.toLocaleString()} characters)`}
        </button>
      ) : null}
    </div>
  );
}
