import { citationLabel, type PolicyParagraph, type PolicySection } from './policy-sections';

/**
 * A policy passage cited in a diagnosis, written into its text as a Markdown-style
 * link with the `policy:` scheme — `[§ Book flight ¶3](policy:book-flight-p3)` —
 * so the plain text still reads well wherever it travels (reflection packet,
 * exports), and the console turns it into a link that opens the policy there.
 */
export const CITATION = /\[([^\]\n]{1,200})\]\(policy:([a-z0-9-]{1,120})\)/g;

export type TextPiece = { kind: 'text'; text: string } | { kind: 'citation'; label: string; anchor: string };

export function citationText(section: Pick<PolicySection, 'title' | 'anchor'>, paragraph?: PolicyParagraph): string {
  // A title with brackets would end the label early; they are dropped from the label only.
  const label = citationLabel(section, paragraph).replace(/[[\]]/g, '');
  return `[${label}](policy:${paragraph?.anchor ?? section.anchor})`;
}

/** The text cut into plain pieces and citations, in order; text without a citation is one piece. */
export function splitCitations(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const m of text.matchAll(CITATION)) {
    if (m.index > at) pieces.push({ kind: 'text', text: text.slice(at, m.index) });
    pieces.push({ kind: 'citation', label: m[1], anchor: m[2] });
    at = m.index + m[0].length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}
