'use client';

import { useEffect, useRef } from 'react';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';

/**
 * The diagnosis a link pointed at (`?diagnosis=`, e.g. from a card's
 * provenance): shown read-only above the form, highlighted and scrolled into
 * view on arrival, so following provenance lands on the diagnosis that
 * produced the card rather than on an empty form with it below the fold.
 */
export function SourceDiagnosis({ diagnosis: d, isMine }: { diagnosis: DiagnosisView; isMine: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // After the first paint, when the panel has its height.
    const raf = requestAnimationFrame(() => ref.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(raf);
  }, [d.id]);
  return (
    <article
      ref={ref}
      aria-label="Linked diagnosis"
      data-testid="source-diagnosis"
      data-highlighted="true"
      tabIndex={-1}
      className="mb-3 scroll-mt-2 rounded-md bg-amber-50 p-2.5 text-sm ring-2 ring-amber-400"
    >
      <p className="text-xs font-semibold text-amber-900">
        The linked diagnosis · {isMine ? 'yours' : <UntrustedText text={d.author.name} />} · {d.status.toLowerCase()}
      </p>
      <p className="mt-0.5 text-xs text-slate-700">
        {d.category?.label ?? 'no category'}
        {d.eventStart != null ? ` · events #${d.eventStart}–#${d.eventEnd ?? d.eventStart}` : ''}
        {d.confidence ? ` · confidence ${d.confidence}/5` : ''}
      </p>
      <p className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
        <span className="text-slate-600">Went wrong: </span>
        <UntrustedText text={d.whatWentWrong || '—'} />
      </p>
      <p className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
        <span className="text-slate-600">Should have: </span>
        <UntrustedText text={d.whatShouldHaveHappened || '—'} />
      </p>
    </article>
  );
}

/** A `?diagnosis=` this reader cannot see: said, rather than landing on a form as if nothing was asked. */
export function SourceDiagnosisMissing() {
  return (
    <p role="note" data-testid="source-diagnosis-missing" className="mb-3 rounded bg-slate-100 px-2 py-1 text-xs">
      The linked diagnosis is not shown: it no longer exists, or it stays hidden until you submit your own diagnosis of
      this checkpoint.
    </p>
  );
}
