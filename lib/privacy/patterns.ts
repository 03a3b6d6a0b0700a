import { addressPlaceSpans, personSpans, phoneSpans, type Span } from './library-detectors';

/**
 * Typed placeholders (docs/architecture.md "Validation") and the detectors both the de-identifier and
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

export type PatternKind =
  | 'email'
  | 'phone'
  | 'url'
  | 'token'
  | 'id'
  | 'date_or_time'
  | 'amount'
  | 'path'
  | 'person'
  | 'location'
  | 'model_name';

/** A regex detector, or a library one (`find`) returning spans. `skip` drops known look-alikes. */
type Detector = {
  kind: PatternKind;
  type: PlaceholderType;
  re?: RegExp;
  group?: number;
  find?: (text: string) => Span[];
  skip?: RegExp;
};

const CURRENCY_CODES =
  'USD|EUR|GBP|CHF|JPY|CNY|RMB|INR|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|HUF|BRL|MXN|ZAR|SGD|HKD|KRW|TRY|RUB|AED|SAR|ILS|THB';
// Not "pounds" alone (a bag's weight) nor "won"/"real" (common words).
const CURRENCY_WORDS =
  'dollars?|euros?|pounds sterling|yen|yuan|francs?|rupees?|kronor|kroner|krona|zloty|złoty|reais|pesos?|lira|shekels?';
const CURRENCY_SYMBOLS = '[$€£¥₹₩₽₺₪₫₱฿]|\\bR\\$|\\bkr\\.?|\\bRs\\.?';
const NUMBER = '\\d[\\d,.\u2009\u202f ]*\\d|\\d';
/** Protocol and format names that look like record codes (HTTP2, UTF8, IPV6, OAUTH2, SHA256). */
const TECH_TERMS =
  /^(?:HTTPS?\d|HTTP\d+|UTF\d+|IPV\d|OAUTH\d|SHA\d+|MD\d|BASE\d+|X\d{3}|TLS\d+|SSL\d|ES\d{1,4}|H\d{3}|MP\d|MPEG\d|COVID\d+|USB\d|PS\d|WIN\d+|IOS\d+|V\d+|[A-Z]\d|[A-Z]{2}\d)$/;

const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
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
  // Phone numbers in any national or international notation, validated by libphonenumber-js.
  { kind: 'phone', type: 'PHONE', find: phoneSpans },
  // Phone numbers: international or grouped digits (at least 7 digits overall).
  {
    kind: 'phone',
    type: 'PHONE',
    re: /(?<![\w.])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?)?\d{2,4}(?:[\s.-]\d{2,4}){1,4}(?![\w.])/g,
  },
  { kind: 'phone', type: 'PHONE', re: /(?<![\w.])\+\d{8,15}(?![\w.])/g },
  // Street addresses: a house number, capitalised words, a street-type word.
  {
    kind: 'location',
    type: 'LOCATION',
    re: /\b\d{1,5}[A-Z]?\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Court|Ct|Place|Pl|Square|Sq)\b\.?/g,
  },
  // Street addresses the other way round ("Hauptstraße 5", "Via Roma 12", "12 rue de Rivoli") and postcodes with a city.
  {
    kind: 'location',
    type: 'LOCATION',
    re: /\b[A-ZÄÖÜ][\wäöüß]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|laan|gade|vej|gatan)\s+\d{1,4}[a-z]?\b|\b(?:Via|Viale|Piazza|Calle|Carrer|Avenida|Rua|Praça|Plaza|Rue|Avenue|Boulevard|Chemin|Place)\s+(?:(?:de|del|della|di|da|do|la|le|du|des)\s+)*[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2},?\s+\d{1,4}[a-z]?\b|\b\d{1,4}(?:\s*bis)?,?\s+(?:rue|avenue|boulevard|place|chemin|allée|via|calle)\s+(?:(?:de|du|des|la|le|del|della)\s+)*[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2}/g,
  },
  {
    kind: 'location',
    type: 'LOCATION',
    re: /\b\d{4,5}\s+(?:[A-Z][a-zäöüéèàß]+)(?:[\s-][A-Z][a-zäöüéèàß]+)?(?=\s*(?:$|[,.;)]|\s[a-z(]))|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|,\s*[A-Z]{2}\s+\d{5}(?:-\d{4})?\b/g,
  },
  { kind: 'location', type: 'LOCATION', find: addressPlaceSpans },
  // Amounts in any currency: symbol or ISO code before or after the number, or a currency word after it.
  {
    kind: 'amount',
    type: 'AMOUNT',
    re: new RegExp(
      [
        `(?:${CURRENCY_SYMBOLS})\\s?(?:${NUMBER})(?:\\s?(?:k|m|bn))?`,
        `\\b(?:${CURRENCY_CODES})\\s?(?:${NUMBER})`,
        `\\b(?:${NUMBER})\\s?(?:${CURRENCY_CODES}|${CURRENCY_WORDS})\\b`,
        `\\b(?:${NUMBER})\\s?(?:[€£¥₹₩₽₺₪₫₱฿]|kr\\b|zł)`,
      ].join('|'),
      'gi',
    ),
  },
  // Payment-method and account ids of the τ²-bench form: credit_card_4421486, gift_card_7710521.
  { kind: 'id', type: 'ID', re: /\b[a-z]+(?:_[a-z]+)*_\d{4,}\b/gi },
  { kind: 'path', type: 'PATH', re: /(?:(?<![\w<])\/(?:[\w.-]+\/)+[\w.-]+|\b[A-Z]:\\(?:[\w .-]+\\)*[\w .-]+)/g },
  // Record-style identifiers mixing letters and digits: "BK9R1", "u-3002", "m-117", "ORD_55812".
  {
    kind: 'id',
    type: 'ID',
    re: /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z]{1,4}[-_]?\d[A-Za-z0-9]{2,}(?:[-_][A-Za-z0-9]+)*\b/g,
  },
  {
    kind: 'id',
    type: 'ID',
    re: /\b(?=[A-Z0-9]{5,10}\b)(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,10}\b/g,
    skip: TECH_TERMS,
  },
  { kind: 'id', type: 'ID', re: /(?<![\w<.])#?\d{5,}(?![\w.])/g },
  // Names in context: honorifics, or a capitalised name after a cue word.
  {
    kind: 'person',
    type: 'PERSON',
    re: new RegExp(`\\b(?:Mr|Mrs|Ms|Miss|Dr|Prof)\\.?\\s+${NAME}(?:\\s+${NAME})?`, 'g'),
  },
  {
    kind: 'person',
    type: 'PERSON',
    re: new RegExp(
      `\\b(?:named|name is|called|customer|passenger|user|contact|from|to|for|with|by|dear|hi|hello|ask|asked|tell|told|cc)\\s+(${NAME}\\s+${NAME}(?:\\s+${NAME})?)\\b`,
      'g',
    ),
    group: 1,
  },
  {
    kind: 'person',
    type: 'PERSON',
    re: new RegExp(`\\b(?:[Nn]amed|[Nn]ame is|[Cc]alled|[Dd]ear|[Hh]i|[Hh]ello)\\s+(${NAME})\\b`, 'g'),
    group: 1,
  },
  // Names without a title or cue word ("Book the seat for Sofia Marquez", "Anna asked…").
  { kind: 'person', type: 'PERSON', find: personSpans },
];

/**
 * Model families: names of the agents under test must not reach a card
 * (docs/architecture.md "Validation": no model names). Trajectory model strings are added per run.
 */
export const MODEL_NAME_RE =
  /\b(?:gpt-?\d[\w.-]*|gpt-4o[\w.-]*|o[134](?:-mini|-pro)?\b|claude(?:-[\w.]+)?|gemini(?:-[\w.]+)?|llama-?\d[\w.-]*|mistral(?:-[\w.]+)?|mixtral[\w.-]*|qwen[\w.-]*|deepseek[\w.-]*|gpt-oss[\w.-]*|sonnet-?\d[\w.-]*|opus-?\d[\w.-]*|haiku-?\d[\w.-]*)\b/gi;

export type Match = { kind: PatternKind; type: PlaceholderType; start: number; end: number; text: string };

/**
 * Detection is a pure function of the text and costs an NLP pass (compromise,
 * libphonenumber-js) per call, while packets see the same strings again and
 * again: every run of a task fetches the same user and reservation, and
 * approval rebuilds the packet it validates against. So results are memoised
 * by exact text — bounded, short texts only; the generation is simply dropped
 * when full (at most ~10 M characters held).
 */
const MEMO_MAX_ENTRIES = 10_000;
const MEMO_MAX_TEXT = 1_000;
let memo = new Map<string, readonly Match[]>();

/** Every detector hit in `text`, overlaps resolved in favour of the earlier detector and the longer span. */
export function findMatches(text: string): readonly Match[] {
  if (text.length > MEMO_MAX_TEXT) return detect(text);
  const hit = memo.get(text);
  if (hit) return hit;
  const found = Object.freeze(detect(text).map((m) => Object.freeze(m)));
  if (memo.size >= MEMO_MAX_ENTRIES) memo = new Map();
  memo.set(text, found);
  return found;
}

function detect(text: string): Match[] {
  const taken: Match[] = [];
  const blocked = placeholderSpans(text);
  const overlaps = (s: number, e: number) => [...taken, ...blocked].some((m) => s < m.end && e > m.start);
  for (const d of DETECTORS) {
    for (const { start, end, text: value } of spansOf(d, text)) {
      if (d.kind === 'phone' && value.replace(/\D/g, '').length < 7) continue;
      if (d.skip?.test(value)) continue;
      if (overlaps(start, end)) continue;
      taken.push({ kind: d.kind, type: d.type, start, end, text: value });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

function spansOf(d: Detector, text: string): Span[] {
  if (d.find) return d.find(text);
  const re = d.re!;
  re.lastIndex = 0;
  return [...text.matchAll(re)].flatMap((m) => {
    const value = d.group ? m[d.group] : m[0];
    if (!value) return [];
    const start = (m.index ?? 0) + (d.group ? m[0].indexOf(value) : 0);
    return [{ start, end: start + value.length, text: value }];
  });
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
