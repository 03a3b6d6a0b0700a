import { revealBidi } from '@/lib/text/reveal-bidi';

/** Where `query` occurs in `text`, case-insensitively, as [start, end) pairs that do not overlap. */
export function findRanges(text: string, query: string): [number, number][] {
  const q = query.toLowerCase();
  if (!q) return [];
  const lower = text.toLowerCase();
  // Lower-casing can change a string's length (e.g. "İ"): then offsets would drift, so mark nothing.
  if (lower.length !== text.length) return [];
  const out: [number, number][] = [];
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, at + q.length)) out.push([at, at + q.length]);
  return out;
}

/**
 * Untrusted text with every occurrence of `query` marked, as React text (never
 * HTML); bidi controls shown as markers, as everywhere else.
 */
export function HighlightedText({ text, query, className }: { text: string; query: string; className?: string }) {
  const ranges = findRanges(text, query.trim() ? query : '');
  if (!ranges.length) return <bdi className={className}>{revealBidi(text)}</bdi>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], i) => {
    if (start > at) parts.push(revealBidi(text.slice(at, start)));
    parts.push(
      <mark key={i} className="rounded-sm bg-amber-200 text-slate-900">
        {revealBidi(text.slice(start, end))}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(revealBidi(text.slice(at)));
  return <bdi className={className}>{parts}</bdi>;
}
