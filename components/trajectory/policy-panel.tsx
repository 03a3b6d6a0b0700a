'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { findRanges, HighlightedText } from '@/components/ui/highlighted-text';
import type { PolicyView } from '@/lib/policies/get-trajectory-policy';
import { citationText } from '@/lib/policies/policy-citation';
import { policySections, type PolicySection } from '@/lib/policies/policy-sections';
import { plural } from '@/lib/text/plural';

export type PolicyTarget = { anchor: string; nonce: number };

const KIND_LABEL = { POLICY: 'Policy', SYSTEM_PROMPT: 'System prompt' } as const;

/** The element id of a section or paragraph anchor (ids on the page are prefixed, anchors are not). */
export const policyElementId = (anchor: string) => `policy-${anchor}`;

/**
 * The policy (or system prompt) the agent had, beside the timeline: searchable,
 * every section and paragraph anchored and citable. Its text is untrusted and
 * shown as text (headings as headings), never as HTML.
 */
export function PolicyPanel({
  policy,
  target,
  onCite,
  onClose,
}: {
  policy: PolicyView | null;
  /** Scrolled to and marked when it changes (a citation followed, `?policy=`). */
  target: PolicyTarget | null;
  /** Inserts a citation into the diagnosis being written; absent when none can be written here. */
  onCite: ((citation: string) => void) | null;
  onClose: () => void;
}) {
  const [query, setQuery] = useState('');
  const sections = useMemo(() => (policy ? policySections(policy.text) : []), [policy]);
  const scroller = useRef<HTMLDivElement>(null);
  const q = query.trim();
  const shown = useMemo(() => (q ? filterSections(sections, q) : sections), [sections, q]);
  const matchCount = useMemo(
    () =>
      q
        ? sections.reduce(
            (n, s) =>
              n + findRanges(s.title, q).length + s.paragraphs.reduce((m, p) => m + findRanges(p.text, q).length, 0),
            0,
          )
        : 0,
    [sections, q],
  );

  useEffect(() => {
    if (!target) return;
    // A search could hide the cited passage: the link asks for it, so it is shown.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- following a link resets the panel's search.
    setQuery('');
    requestAnimationFrame(() => {
      const el = document.getElementById(policyElementId(target.anchor));
      el?.scrollIntoView({ block: 'start' });
      el?.focus({ preventScroll: true });
    });
  }, [target]);

  const title = policy ? KIND_LABEL[policy.kind] : 'Policy';
  return (
    <section
      aria-label={title}
      data-testid="policy-panel"
      className="flex max-h-[70vh] min-h-0 flex-col rounded-lg bg-white shadow-sm ring-1 ring-slate-200 lg:max-h-none"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold">
          {title}
          {policy?.ability ? <span className="font-normal text-slate-600"> · {policy.ability}</span> : null}
        </h2>
        {policy ? (
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && query) {
                e.stopPropagation();
                setQuery('');
              }
            }}
            placeholder="Search the policy"
            aria-label="Search the policy"
            className="min-w-0 flex-1 rounded-md px-2 py-1 text-sm ring-1 ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        ) : null}
        <Button variant="ghost" onClick={onClose} aria-label={`Close the ${title.toLowerCase()}`}>
          ✕
        </Button>
        {q ? (
          <p role="status" data-testid="policy-match-count" className="w-full text-xs text-slate-600">
            {matchCount
              ? `${plural(matchCount, ['match', 'matches'])} in ${plural(shown.length, 'section')}`
              : 'No match'}
          </p>
        ) : null}
      </header>
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-2 text-sm">
        {!policy ? (
          <p className="text-slate-600">
            This run was imported without a policy or system prompt: its file carried none (τ²-bench files carry it in
            info.environment_info.policy, native files in trajectory.policy).
          </p>
        ) : (
          shown.map((s) => <Section key={s.anchor} section={s} query={q} onCite={onCite} target={target?.anchor} />)
        )}
        {policy && q && !shown.length ? <p className="text-slate-600">Nothing in the policy contains “{q}”.</p> : null}
      </div>
    </section>
  );
}

function filterSections(sections: PolicySection[], q: string): PolicySection[] {
  return sections.flatMap((s) => {
    if (findRanges(s.title, q).length) return [s];
    const paragraphs = s.paragraphs.filter((p) => findRanges(p.text, q).length);
    return paragraphs.length ? [{ ...s, paragraphs }] : [];
  });
}

const HEADING_SIZE = ['text-sm', 'text-base', 'text-sm', 'text-sm', 'text-xs', 'text-xs', 'text-xs'];

function Section({
  section: s,
  query,
  onCite,
  target,
}: {
  section: PolicySection;
  query: string;
  onCite: ((citation: string) => void) | null;
  target: string | undefined;
}) {
  const marked = (anchor: string) => (anchor === target ? 'bg-amber-50 ring-2 ring-amber-300' : '');
  return (
    <div className="mb-3" data-testid={`policy-section-${s.anchor}`}>
      <div
        id={policyElementId(s.anchor)}
        tabIndex={-1}
        className={`flex items-baseline justify-between gap-2 rounded focus:outline-none ${marked(s.anchor)}`}
      >
        <h3 className={`font-semibold text-slate-900 ${HEADING_SIZE[s.level]}`}>
          <HighlightedText text={s.title} query={query} />
        </h3>
        {onCite ? (
          <CiteButton label={`Cite § ${s.title}`} onClick={() => onCite(citationText(s))}>
            cite §
          </CiteButton>
        ) : null}
      </div>
      {s.paragraphs.map((p) => (
        <div
          key={p.anchor}
          id={policyElementId(p.anchor)}
          tabIndex={-1}
          data-testid={`policy-paragraph-${p.anchor}`}
          className={`group mt-1 flex gap-2 rounded focus:outline-none ${marked(p.anchor)}`}
        >
          <span className="w-6 shrink-0 pt-0.5 text-right font-mono text-[11px] text-slate-500">¶{p.number}</span>
          <p className="min-w-0 flex-1 whitespace-pre-wrap text-slate-800 wrap-anywhere">
            <HighlightedText text={p.text} query={query} />
          </p>
          {onCite ? (
            <CiteButton label={`Cite § ${s.title} ¶${p.number}`} onClick={() => onCite(citationText(s, p))}>
              cite
            </CiteButton>
          ) : null}
        </div>
      ))}
    </div>
  );
}

function CiteButton({ label, onClick, children }: { label: string; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={`${label} in the diagnosis`}
      onClick={onClick}
      className="shrink-0 self-start rounded px-1.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus:outline-none focus:ring-2 focus:ring-indigo-500"
    >
      {children}
    </button>
  );
}
