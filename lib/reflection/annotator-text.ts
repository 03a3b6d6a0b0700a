import { evaluatorWording } from './evaluator-wording';

/**
 * What an annotator writes is addressed to other people looking at one run:
 * it names checkpoints ("33_4"), points at other diagnoses ("same root cause
 * as 33_4") and speaks the grader's language ("the final database matches").
 * None of that means anything to an agent on a new task, so it never enters a
 * card; these patterns find it, both to leave it out of offline cards and to
 * flag a proposal that carries it (curation-flaws.ts).
 */
const CHECKPOINT_ID = /\b\d+_\d+\b/g;

const CROSS_REFERENCE: RegExp[] = [
  /\bsame\s+(?:root\s+)?(?:cause|issue|problem|mistake|error|failure)\s+(?:as|like)\b/i,
  /\b(?:as|like)\s+(?:in|for|at)\s+(?:the\s+)?(?:previous|other|earlier|last|next|first|second)\s+(?:checkpoint|diagnosis|step|run|item)s?\b/i,
  /\b(?:see|cf\.?)\s+(?:above|below|the\s+(?:previous|other|earlier)\s+\w+)\b/i,
  /\bas\s+(?:noted|described|mentioned|explained|said)\s+(?:above|earlier|before|previously)\b/i,
  /\b(?:checkpoint|diagnosis|assertion)\s+#?\d+\b/i,
];

/** Grader vocabulary evaluator-wording.ts does not already list: outcomes only the benchmark can see. */
const GRADER_EXTRA: RegExp[] = [
  /\b(?:final\s+)?(?:database|db)\s+(?:state\s+)?(?:matches|match|matched|equals|differs)\b/i,
  /\bfinal\s+(?:database|db|state)\b/i,
  /\bas\s+the\s+task\s+(?:expects|expected|requires|required|wants)\b/i,
  /\bthe\s+task\s+expects\b/i,
  /\bexpected\s+(?:outcome|result|output|state|values?|answer)\b/i,
];

export function checkpointIds(text: string): string[] {
  return [...new Set(text.match(CHECKPOINT_ID) ?? [])];
}

export function crossReferences(text: string): string[] {
  return [...new Set(CROSS_REFERENCE.map((re) => text.match(re)?.[0]).filter((m): m is string => Boolean(m)))];
}

export function graderWording(text: string): string[] {
  const extra = GRADER_EXTRA.map((re) => text.match(re)?.[0]).filter((m): m is string => Boolean(m));
  return [...new Set([...evaluatorWording(text), ...extra])];
}

/** Sentences of a free text (annotators rarely write more than three). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The annotator's text without what only makes sense next to one run:
 * sentences that point at checkpoints or other diagnoses or speak the
 * grader's language are dropped, as are parenthesised ids. Returns "" when
 * nothing general is left (a diagnosis that only says "same as 33_4").
 */
export function generalisedText(text: string): string {
  return sentences(text)
    .filter((s) => crossReferences(s).length === 0 && graderWording(s).length === 0)
    .map((s) =>
      s
        .replace(/\s*\((?:[^()]*\b\d+_\d+\b[^()]*)\)/g, '')
        .replace(CHECKPOINT_ID, '')
        .replace(/\s{2,}/g, ' ')
        .replace(/\s+([,.;:])/g, '$1')
        .trim(),
    )
    .filter((s) => s.split(/\s+/).length >= 3)
    .join(' ');
}

/** The checkpoint ids a diagnosis points to ("same root cause as 33_4" → ["33_4"]). */
export function referencedCheckpoints(text: string): string[] {
  return sentences(text)
    .filter((s) => crossReferences(s).length > 0)
    .flatMap(checkpointIds);
}
