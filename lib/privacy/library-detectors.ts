import nlp from 'compromise';
import { findPhoneNumbersInText } from 'libphonenumber-js';

/**
 * Detectors backed by well-kept libraries, next to the regex patterns:
 * libphonenumber-js finds phone numbers in any national or international
 * notation ("+49 151 2345 6789"), compromise finds personal names without a
 * title or cue word and place names. Each returns spans in the input text.
 */
export type Span = { start: number; end: number; text: string };

export function phoneSpans(text: string): Span[] {
  if (!/\d{2}/.test(text)) return [];
  // US as the default region for numbers written without a country code.
  return findPhoneNumbersInText(text, 'US').map((p) => ({
    start: p.startsAt,
    end: p.endsAt,
    text: text.slice(p.startsAt, p.endsAt),
  }));
}

type Term = { text: string; offset: { start: number; length: number } };

// People and places are asked of the same text one after the other: parse it once.
let last: { text: string; doc: ReturnType<typeof nlp> } | null = null;
function parse(text: string) {
  if (last?.text !== text) last = { text, doc: nlp(text) };
  return last.doc;
}

/** Words compromise tags as a person but that are roles or UI words in agent procedures. */
const NOT_NAMES = new Set([
  'user',
  'agent',
  'customer',
  'passenger',
  'assistant',
  'admin',
  'reviewer',
  'annotator',
  'sir',
  'madam',
  'who',
]);

function nlpSpans(text: string, pick: 'people' | 'places'): Span[] {
  // Names and places are capitalised: skip the NLP pass on text without a capitalised word.
  if (!/[A-Z][a-z]/.test(text)) return [];
  const doc = parse(text);
  const found = (pick === 'people' ? doc.people() : doc.places()).json({ offset: true }) as Term[];
  return found.flatMap((t) => {
    const raw = text.slice(t.offset.start, t.offset.start + t.offset.length);
    const trimmed = raw.replace(/[\s,.;:!?)"']+$/, '');
    const lead = trimmed.length - trimmed.replace(/^[\s("']+/, '').length;
    const value = trimmed.slice(lead);
    if (!/^[A-Z]/.test(value) || value.split(/\s+/).every((w) => NOT_NAMES.has(w.toLowerCase()))) return [];
    const start = t.offset.start + lead;
    return [{ start, end: start + value.length, text: value }];
  });
}

export const personSpans = (text: string) => nlpSpans(text, 'people');

/**
 * A place name counts as a location only inside an address: next to a
 * postcode or a house number ("75001 Paris", "Baker Street 12, London").
 * A bare city ("flights to Paris") is task vocabulary, caught as a copied
 * scenario value when it came from the run.
 */
export function addressPlaceSpans(text: string): Span[] {
  return nlpSpans(text, 'places').filter((s) => {
    const before = text.slice(Math.max(0, s.start - 14), s.start);
    const after = text.slice(s.end, s.end + 12);
    return /\d[\w-]*[\s,]+$/.test(before) || /^[\s,]+\d/.test(after);
  });
}
