'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ButtonHTMLAttributes, type RefObject } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { EventMatch } from '@/lib/trajectories/find-events';
import { revealBidi } from '@/lib/text/reveal-bidi';

type FindResult = { query: string; total: number; matches: EventMatch[] };

export type FindApi = { next: (delta: 1 | -1) => void; hasMatches: () => boolean };

/** Waits for a pause in typing before asking the server (a 5,000-event trajectory is one query per pause). */
const DEBOUNCE_MS = 200;

/**
 * Find inside a trajectory. The timeline is virtualised (only rows on screen
 * exist), so the browser's find misses most events: the server searches every
 * event's content, arguments and tool name. Matches are listed with a count;
 * Enter / Shift+Enter here (n / N elsewhere) move between them, and `onGo`
 * scrolls the timeline to the event and unfolds a folded observation.
 */
export function TrajectoryFind({
  trajectoryId,
  inputRef,
  apiRef,
  onGo,
  onClose,
}: {
  trajectoryId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  apiRef: RefObject<FindApi | null>;
  onGo: (match: EventMatch) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim() ? text : ''), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  const found = useQuery({
    queryKey: ['trajectory-find', trajectoryId, query],
    queryFn: () =>
      apiFetch<FindResult>(`/api/trajectories/${trajectoryId}/find?${new URLSearchParams({ q: query }).toString()}`),
    enabled: query !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const matches = query && found.data?.query === query ? found.data.matches : [];
  const total = query && found.data?.query === query ? found.data.total : 0;
  // A new query starts before its first match: n goes to the first one.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the position belongs to the query's results.
  useEffect(() => setCurrent(null), [query]);

  const go = (i: number) => {
    const m = matches[i];
    if (!m) return;
    setCurrent(i);
    onGo(m);
    listRef.current?.querySelector(`[data-match="${i}"]`)?.scrollIntoView({ block: 'nearest' });
  };
  const step = (delta: 1 | -1) => {
    if (!matches.length) return;
    go(current == null ? (delta === 1 ? 0 : matches.length - 1) : (current + delta + matches.length) % matches.length);
  };
  useEffect(() => {
    apiRef.current = { next: step, hasMatches: () => matches.length > 0 };
  });

  const status = !query
    ? 'Type to find in every event, folded or not'
    : found.isFetching && found.data?.query !== query
      ? 'Searching…'
      : total === 0
        ? 'No match'
        : `${current == null ? '–' : current + 1} of ${total.toLocaleString('en-US')}${total > matches.length ? ` (first ${matches.length.toLocaleString('en-US')} listed)` : ''}`;

  return (
    <section
      aria-label="Find in this trajectory"
      data-testid="trajectory-find"
      className="mb-2 rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              // The query may still be waiting out the pause: take it now.
              if (text.trim() && text !== query) setQuery(text);
              else step(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              onClose();
            }
          }}
          placeholder="Find in events (Enter: next, Shift+Enter: previous, Esc: close)"
          aria-label="Find in events"
          aria-describedby="trajectory-find-status"
          className="min-w-0 flex-1 rounded-md px-2 py-1 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
        />
        <span id="trajectory-find-status" role="status" data-testid="find-status" className="text-xs text-slate-600">
          {status}
        </span>
        <FindButton label="Previous match (N)" onClick={() => step(-1)} disabled={!matches.length}>
          ↑
        </FindButton>
        <FindButton label="Next match (n)" onClick={() => step(1)} disabled={!matches.length}>
          ↓
        </FindButton>
        <FindButton label="Close find" onClick={onClose}>
          ✕
        </FindButton>
      </div>
      <ErrorMessage error={found.error} />
      {matches.length ? (
        <ol ref={listRef} aria-label="Matches" className="mt-1 max-h-32 overflow-y-auto text-xs">
          {matches.map((m, i) => (
            <li key={m.position}>
              <button
                type="button"
                data-match={i}
                aria-current={i === current || undefined}
                onClick={() => go(i)}
                className={`flex w-full gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-100 ${i === current ? 'bg-indigo-50' : ''}`}
              >
                <span className="w-12 shrink-0 font-mono text-slate-600">#{m.position}</span>
                <span className="w-24 shrink-0 truncate text-slate-500">
                  {m.type.toLowerCase().replace('_', ' ')}
                  {m.field !== 'content' ? ` · ${m.field}` : ''}
                </span>
                <Snippet match={m} length={query.length} />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** The text around a match, the match marked; one line (the row's nowrap folds line breaks into spaces). */
function Snippet({ match: m, length }: { match: EventMatch; length: number }) {
  const s = m.snippet;
  return (
    <span className="min-w-0 flex-1 truncate text-slate-800">
      <bdi>
        {revealBidi(s.slice(0, m.at))}
        <mark className="rounded-sm bg-amber-200">{revealBidi(s.slice(m.at, m.at + length))}</mark>
        {revealBidi(s.slice(m.at + length))}
      </bdi>
    </span>
  );
}

/** One of the find bar's small symbol buttons, named by `label` (its symbol alone says nothing to a screen reader). */
function FindButton({ label, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="rounded px-1.5 text-sm text-slate-700 hover:bg-slate-100 disabled:text-slate-300"
      {...props}
    />
  );
}
