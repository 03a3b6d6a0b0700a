'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { revealBidi } from '@/lib/text/reveal-bidi';

/**
 * Long text cut to a few lines with an in-place "show all" toggle (a real
 * button: Tab + Enter reach it). The choice is remembered per `storageKey`
 * (e.g. every instruction), so an annotator who reads instructions in full
 * keeps them open. The text is rendered as text, never as HTML, with its bidi
 * controls shown (revealBidi): it is usually imported, untrusted.
 */
export function ExpandableText({
  text: given,
  storageKey,
  what = 'text',
  lines = 3,
  testId,
  className = '',
}: {
  text: string;
  storageKey: string;
  /** Names the text in the toggle: "Show the whole instruction". */
  what?: string;
  lines?: 2 | 3 | 4;
  testId?: string;
  className?: string;
}) {
  const text = revealBidi(given);
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage is only readable after mount.
    setExpanded(readChoice(storageKey));
  }, [storageKey]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && !expanded) setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [text, expanded]);
  const toggle = () => {
    setExpanded(!expanded);
    writeChoice(storageKey, !expanded);
  };
  const clamp = { 2: 'line-clamp-2', 3: 'line-clamp-3', 4: 'line-clamp-4' }[lines];
  return (
    <div className={className}>
      <p
        id={id}
        ref={ref}
        data-testid={testId}
        data-expanded={expanded}
        className={`text-sm text-slate-700 wrap-anywhere [unicode-bidi:isolate] ${expanded ? 'max-h-[40vh] overflow-y-auto whitespace-pre-wrap' : `${clamp} whitespace-normal`}`}
      >
        {expanded
          ? // Paragraphs (blank-line separated, as in τ²-bench instructions) get a small gap, not a whole empty line.
            text.split(/\n[ \t]*\n\s*/).map((para, i) => (
              <span key={i} className={i ? 'mt-1.5 block' : 'block'}>
                {para}
              </span>
            ))
          : text}
      </p>
      {overflows || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={toggle}
          className="mt-0.5 text-xs font-medium text-indigo-700 hover:underline"
        >
          {expanded ? 'Show less' : `Show the whole ${what}`}
        </button>
      ) : null}
    </div>
  );
}

function readChoice(key: string): boolean {
  try {
    return localStorage.getItem(`expand:${key}`) === '1';
  } catch {
    return false;
  }
}

function writeChoice(key: string, open: boolean) {
  try {
    localStorage.setItem(`expand:${key}`, open ? '1' : '0');
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}
