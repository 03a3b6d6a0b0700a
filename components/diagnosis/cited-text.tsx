'use client';

import { splitCitations } from '@/lib/policies/policy-citation';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

/** Where a policy citation leads: the trajectory page with the policy open at that passage. */
export const policyHref = (trajectoryId: string, anchor: string) =>
  trajectoryEventHref(trajectoryId, null, { policy: anchor });

type CitationProps = {
  text: string;
  trajectoryId: string;
  /** Opens the policy panel at a passage in place (the trajectory page); without it a citation navigates. */
  onOpenPolicy?: (anchor: string) => void;
};

/**
 * A diagnosis's text with its policy citations (`[§ Book flight ¶3](policy:book-flight-p3)`)
 * shown as links to that passage; everything else stays plain text. On the
 * trajectory page `onOpenPolicy` opens the panel in place instead of navigating.
 */
export function CitedText({ text, trajectoryId, onOpenPolicy }: CitationProps) {
  return (
    <>
      {splitCitations(text).map((piece, i) =>
        piece.kind === 'text' ? (
          revealBidi(piece.text)
        ) : (
          <a
            key={i}
            href={policyHref(trajectoryId, piece.anchor)}
            data-testid="policy-citation"
            onClick={(e) => {
              if (!onOpenPolicy || e.metaKey || e.ctrlKey || e.shiftKey) return;
              e.preventDefault();
              onOpenPolicy(piece.anchor);
            }}
            className="rounded bg-indigo-50 px-1 font-medium text-indigo-700 underline decoration-dotted hover:bg-indigo-100"
          >
            {revealBidi(piece.label)}
          </a>
        ),
      )}
    </>
  );
}

/** The citations in a text being written, as links, so the writer sees what each will open. */
export function CitationLinks({ text, trajectoryId, onOpenPolicy }: CitationProps) {
  const cited = splitCitations(text).filter((p) => p.kind === 'citation');
  if (!cited.length) return null;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600" data-testid="diagnosis-citations">
      Cites:
      {cited.map((c, i) => (
        <CitedText
          key={i}
          text={`[${c.label}](policy:${c.anchor})`}
          trajectoryId={trajectoryId}
          onOpenPolicy={onOpenPolicy}
        />
      ))}
    </p>
  );
}
