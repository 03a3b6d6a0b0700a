'use client';

import { useState, type ReactNode } from 'react';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { InRowToggle } from './in-row-toggle';

/** What a long event shows until asked for the rest: a few screens of text. */
export const PREVIEW_CHARS = 10_000;
/**
 * Above this, "Show all" gives the raw text in a box of its own that scrolls,
 * never markdown. In Chromium parsing is linear, but laying out one unbroken
 * word under `overflow-wrap: break-word` grows faster than its length (a few
 * MB keep the tab busy for seconds, more with every re-render);
 * `overflow-wrap: anywhere` in a bounded box stays near-linear.
 */
export const RICH_MAX_CHARS = 200_000;

/** "3.0 MB", "12 KB": the size a reader can judge before asking for it all. */
export function formatSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} B`;
}

/** The first `max` characters, never ending inside a surrogate pair. */
function cut(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * Event content of any length: short text goes to `render` as is; longer text is
 * cut to PREVIEW_CHARS with "Show all (3.0 MB)"; the whole of a huge text is
 * shown raw in a scrolling box. So no event, however large, freezes the tab.
 */
export function LongText({ text, render }: { text: string; render: (text: string) => ReactNode }) {
  const [all, setAll] = useState(false);
  if (text.length <= PREVIEW_CHARS) return render(text);
  const body = !all ? (
    render(cut(text, PREVIEW_CHARS))
  ) : text.length <= RICH_MAX_CHARS ? (
    render(text)
  ) : (
    <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs text-slate-700 wrap-anywhere">
      {revealBidi(text)}
    </pre>
  );
  return (
    <div data-testid="long-text">
      {body}
      <InRowToggle
        on={all}
        onToggle={() => setAll(!all)}
        className="mt-1 text-xs font-medium text-indigo-700 hover:underline"
      >
        {all ? 'Show less' : `Show all (${formatSize(new TextEncoder().encode(text).byteLength)})`}
      </InRowToggle>
    </div>
  );
}
