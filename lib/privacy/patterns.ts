/**
 * Typed placeholders (MEMORY.md) and the detectors both the de-identifier and
 * the privacy validator use, so "what we scrub" and "what we reject" never drift.
 */
export const PLACEHOLDERS = [
  'PERSON',
  'EMAIL',
  'PHONE',
  'ID',
  'PATH',
  'DATE_OR_TIME',
  'LOCATION',
  'AMOUNT',
  'TITLE_TEXT',
  'PRODUCT_TEXT',
  'TEXT',
] as const;
export type PlaceholderType = (typeof PLACEHOLDERS)[number];
export const placeholder = (t: PlaceholderType) => `<${t}>`;

/** Matches any placeholder token, so detectors can skip already-scrubbed spans. */
export const PLACEHOLDER_RE = new RegExp(`<(?:${PLACEHOLDERS.join('|')})(?:_\\d+)?>`, 'g');

export type PatternKind = 'email' | 'phone' | 'url' | 'token' | 'id' | 'date_or_time' | 'amount' | 'path' | 'person' | 'location' | 'model_name';

type Detector = { kind: PatternKind; type: PlaceholderType; re: RegExp; group?: number };

const MONTHS = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const NAME = "[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?";

/**
 * Order matters: earlier detectors claim their span first (an e-mail is not
 * also a person; a URL's id is part of the URL).
 */
export const DETECTORS: Detector[] = [
  { kind: 'email', type: 'EMAIL', re: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g },
  { kind: 'url', type: 'ID', re: /\bhttps?:\/\/[^\s"'<>]+/gi },
  // Secrets and API keys: a known prefix followed by a long random tail.
  { kind: 'token', type: 'ID', re: /\b(?:sk|pk|rk|ghp|gho|xox[abp]|AKIA|eyJ)[A-Za-z0-9_-]{10,}[A-Za-z0-9._-]*/g },
  // Long hex/base64-ish strings: hashes, UUIDs, session tokens.
  { kind: 'token', type: 'ID', re: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi },
  { kind: 'token', type: 'ID', re: /\b(?=[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{20,}\b/g },
  { kind: 'token', type: 'ID', re: /\b[0-9a-f]{16,}\b/gi },
  // ISO dates, dd/mm/yyyy, "March 14", "14 March 2024", times like 09:10 or 3pm.
  {
    kind: 'date_or_time',
    type: 'DATE_OR_TIME',
    re: new RegExp(
      [
        '\\b\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2})?(?:\\.\\d+)?(?:Z|[+-]\\d{2}:?\\d{2})?)?\\b',
        '\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}\\b',
        `\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`,
        `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${MONTHS})(?:\\s+\\d{4})?\\b`,
        '\\b\\d{1,2}:\\d{2}(?::\\d{2})?\\s*(?:[ap]\\.?m\\.?)?\\b',
        '\\b\\d{1,2}\\s*[ap]\\.?m\\.?(?=\\W|$)',
      ].join('|'),
      'gi',
    ),
  },
  // Phone numbers: international or grouped digits (at least 7 digits overall).
  { kind: 'phone', type: 'PHONE', re: /(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w.])/g },
  { kind: 'phone', type: 'PHONE', re: /(?<![\w.])\+\d{8,15}(?![\w.])/g },
  // Street addresses: a house number, capitalised words, a street-type word.
  {
    kind: 'location',
    type: 'LOCATION',
    re: /\b\d{1,5}[A-Z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq)\b\.?/g,
  },
  { kind: 'amount', type: 'AMOUNT', re: /(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars|euros)\b)/gi },
  { kind: 'path', type: 'PATH', re: /(?:(?<![\w<])\/(?:[\w.-]+\/)+[\w.-]+|\b[A-Z]:\\(?:[\w .-]+\\)*[\w .-]+)/g },
  // Record-style identifiers mixing letters and digits: "BK9R1", "u-3002", "m-117", "ORD_55812".
  { kind: 'id', type: 'ID', re: /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z]{1,4}[-_]?\d[A-Za-z0-9]{2,}(?:[-_][A-Za-z0-9]+)*\b/g },
  { kind: 'id', type: 'ID', re: /\b(?=[A-Z0-9]{5,10}\b)(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,10}\b/g },
  { kind: 'id', type: 'ID', re: /(?<![\w<.])#?\d{5,}(?![\w.])/g },
  // Names in context: honorifics, or a capitalised name after a cue word.
  { kind: 'person', type: 'PERSON', re: new RegExp(`\\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\\.?\\s+${NAME}(?:\\s+${NAME})?`, 'g') },
  {
    kind: 'person',
    type: 'PERSON',
    re: new RegExp(
      `\\b(?:named|name is|called|customer|passenger|user|contact|from|to|for|with|by|dear|hi|hello|ask|asked|tell|told|cc)\\s+(${NAME}\\s+${NAME}(?:\\s+${NAME})?)\\b`,
      'g',
    ),
    group: 1,
  },
  { kind: 'person', type: 'PERSON', re: new RegExp(`\\b(?:[Nn]amed|[Nn]ame is|[Cc]alled|[Dd]ear|[Hh]i|[Hh]ello)\\s+(${NAME})\\b`, 'g'), group: 1 },
];

/**
 * Model families: names of the agents under test must not reach a card
 * (MEMORY.md: no model names). Trajectory model strings are added per run.
 */
export const MODEL_NAME_RE =
  /\b(?:gpt-?\d[\w.-]*|gpt-4o[\w.-]*|o[134](?:-mini|-pro)?\b|claude(?:-[\w.]+)?|gemini(?:-[\w.]+)?|llama-?\d[\w.-]*|mistral(?:-[\w.]+)?|mixtral[\w.-]*|qwen[\w.-]*|deepseek[\w.-]*|gpt-oss[\w.-]*|sonnet-?\d[\w.-]*|opus-?\d[\w.-]*|haiku-?\d[\w.-]*)\b/gi;

export type Match = { kind: PatternKind; type: PlaceholderType; start: number; end: number; text: string };

/** Every detector hit in `text`, overlaps resolved in favour of the earlier detector and the longer span. */
export function findMatches(text: string): Match[] {
  const taken: Match[] = [];
  const blocked = placeholderSpans(text);
  const overlaps = (s: number, e: number) => [...taken, ...blocked].some((m) => s < m.end && e > m.start);
  for (const d of DETECTORS) {
    d.re.lastIndex = 0;
    for (const m of text.matchAll(d.re)) {
      const value = d.group ? m[d.group] : m[0];
      if (!value) continue;
      const start = (m.index ?? 0) + (d.group ? m[0].indexOf(value) : 0);
      const end = start + value.length;
      if (d.kind === 'phone' && value.replace(/\D/g, '').length < 7) continue;
      if (overlaps(start, end)) continue;
      taken.push({ kind: d.kind, type: d.type, start, end, text: value });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

function placeholderSpans(text: string): Match[] {
  return [...text.matchAll(PLACEHOLDER_RE)].map((m) => ({
    kind: 'id' as const,
    type: 'ID' as const,
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}
