import { findMatches, placeholder, PLACEHOLDER_RE, type PlaceholderType } from './patterns';

/**
 * Replaces concrete values with typed placeholders before anything leaves the
 * server. One instance per packet: values seen in tool arguments are
 * remembered, so the same value is also scrubbed where it reappears in free
 * text (observations, diagnoses, final answers). The mapping never leaves the
 * server; the validator uses it to spot copied scenario values.
 */
export class Deidentifier {
  private readonly known = new Map<string, PlaceholderType>();

  /** Values replaced so far, longest first (what a card must not repeat). */
  mapping(): { value: string; type: PlaceholderType }[] {
    return [...this.known.entries()]
      .map(([value, type]) => ({ value, type }))
      .sort((a, b) => b.value.length - a.value.length);
  }

  text(input: string | null | undefined): string {
    if (!input) return '';
    let out = input;
    // Known values first (exact, case-insensitive), longest first so "Jane Doe" wins over "Jane".
    for (const { value, type } of this.mapping()) {
      if (value.length < 3) continue;
      // Whole tokens only: a remembered "140" must not eat the start of "1400".
      out = out.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(value)}(?![A-Za-z0-9])`, 'gi'), placeholder(type));
    }
    const matches = findMatches(out);
    for (let i = matches.length - 1; i >= 0; i--) {
      const m = matches[i];
      this.remember(m.text, m.type);
      out = out.slice(0, m.start) + placeholder(m.type) + out.slice(m.end);
    }
    return out;
  }

  /** De-identifies a JSON value, classifying leaves by their key (arguments, structured observations). */
  json(value: unknown, key = ''): unknown {
    if (value === null || value === undefined || typeof value === 'boolean') return value ?? null;
    if (Array.isArray(value)) return value.map((v) => this.json(v, key));
    if (typeof value === 'object') {
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, this.json(v, k)]));
    }
    let type = classifyKey(key);
    if (typeof value === 'number') {
      // Counts (bags, passengers, nights) and single-digit amounts are semantic, not identifying:
      // they are often the whole contrast between a passing and a failing call (total_baggages 0 vs 1).
      if (isSmallCount(key, value, type)) return value;
      if (type && NUMERIC_SENSITIVE.has(type)) return this.keep(String(value), type);
      return Number.isInteger(value) && Math.abs(value) <= 100 ? value : this.keep(String(value), 'AMOUNT');
    }
    const s = String(value);
    if (s.match(PLACEHOLDER_RE)) return s;
    // A value that is wholly an e-mail, phone, URL… is that, whatever its key says ("to": "a@b.c").
    const whole = findMatches(s).find((m) => m.start === 0 && m.end === s.length);
    if (whole) type = whole.type;
    if (!type || type === 'TEXT' || type === 'TITLE_TEXT' || type === 'PRODUCT_TEXT') {
      // Semantic enum values (INBOX, economy, change_of_plan) carry meaning, not identity.
      if (isEnumLike(s)) return s;
      if (!type) return this.text(s);
    }
    return this.keep(s, type!);
  }

  /** De-identifies a free-text field that may hold JSON (observations). */
  content(input: string | null | undefined, max = 400): string {
    if (!input) return '';
    const trimmed = input.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        return truncate(JSON.stringify(this.json(JSON.parse(trimmed))), max);
      } catch {
        // Not JSON after all: treat as text.
      }
    }
    return truncate(this.text(input), max);
  }

  private keep(value: string, type: PlaceholderType): string {
    this.remember(value, type);
    return placeholder(type);
  }

  private remember(value: string, type: PlaceholderType) {
    const v = value.trim();
    if (v.length >= 3 && !this.known.has(v)) this.known.set(v, type);
  }
}

const NUMERIC_SENSITIVE = new Set<PlaceholderType>(['ID', 'PHONE', 'AMOUNT', 'DATE_OR_TIME']);

const KEY_RULES: [RegExp, PlaceholderType][] = [
  [/e-?mail/i, 'EMAIL'],
  [/phone|mobile|tel(ephone)?$|fax/i, 'PHONE'],
  [
    /(^|_)(id|ids|uuid|key|token)$|Id$|_number$|number$|code$|reference|confirmation|reservation|booking|order|account|card/i,
    'ID',
  ],
  [/path|file|dir(ectory)?$|folder_path/i, 'PATH'],
  [/date|time|day$|when|deadline|birth|dob|month|year/i, 'DATE_OR_TIME'],
  [/city|address|origin|destination|location|airport|country|street|zip|postal|state$|region/i, 'LOCATION'],
  [/amount|price|cost|total|fee|balance|budget|refund|payment|salary|fare/i, 'AMOUNT'],
  [
    /(^|_)(name|first|last|surname|passenger|recipient|sender|author|assignee|owner|to|from|cc|bcc)s?$|name$/i,
    'PERSON',
  ],
  [/title|subject|headline/i, 'TITLE_TEXT'],
  [/product|item/i, 'PRODUCT_TEXT'],
  [/body|content|text|message|query|note|description|comment|summary|answer|instruction/i, 'TEXT'],
];

export function classifyKey(key: string): PlaceholderType | null {
  for (const [re, type] of KEY_RULES) if (re.test(key)) return type;
  return null;
}

const COUNT_KEY_RE =
  /(^|_)(count|num|number_of|quantity|qty|total_\w+s|\w*baggages?|bags|passengers|seats|nights|adults|children|items|pieces|tickets)$/i;

export function isSmallCount(key: string, value: number, type: PlaceholderType | null): boolean {
  if (!Number.isInteger(value) || value < 0) return false;
  if (type === 'ID' || type === 'PHONE' || type === 'DATE_OR_TIME') return false;
  if (COUNT_KEY_RE.test(key)) return value <= 100;
  return type === 'AMOUNT' && value <= 9;
}

export function isEnumLike(s: string): boolean {
  return /^[A-Z][A-Z0-9_]{0,30}$/.test(s) || (/^[a-z]+(?:[_-][a-z]+)*$/.test(s) && s.length <= 30);
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function truncate(s: string, max: number) {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
