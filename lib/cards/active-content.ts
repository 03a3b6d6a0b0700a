import { PLACEHOLDER_RE } from '@/lib/privacy/patterns';

/**
 * Active content in card text: markup that runs or loads something when a card is opened in
 * a renderer we do not control (the Markdown and wiki exports go to agent runtimes, editors
 * and wikis, many of which pass raw HTML through and follow any link scheme). Card text is
 * plain text, so it is refused at validation (proposals, curator patches, reviewer edits,
 * approval), naming the field; the exports also escape it (lib/text/markdown-text.ts), for
 * releases frozen before this check.
 *
 * Refused: any HTML tag, comment or declaration (the de-identification placeholders like
 * <EMAIL> are not tags); a link or image target, autolink or reference definition whose
 * scheme is not http(s) (javascript:, vbscript:, data:, file: …); and the script schemes
 * anywhere. Checked after decoding HTML character references and removing the characters
 * browsers ignore inside a scheme (whitespace, controls, zero-width), so "&#106;avascript:",
 * "java\tscript:" and "JaVaScRiPt:" are caught too.
 */
export type ActiveContent = { what: string; text: string };

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  lpar: '(',
  rpar: ')',
  lsqb: '[',
  rsqb: ']',
  lbrack: '[',
  rbrack: ']',
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  sol: '/',
  bsol: '\\',
  excl: '!',
  nbsp: ' ',
};

function codePoint(n: number): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

/** `text` with HTML character references decoded (repeatedly: "&amp;#106;" is one more level), as a renderer may. */
export function decodeCharacterReferences(text: string): string {
  let out = text;
  for (let i = 0; i < 3; i++) {
    const next = out.replace(/&(?:#(\d{1,8})|#x([0-9a-f]{1,7})|([a-z]{2,8}));?/gi, (m, dec, hex, name) =>
      dec
        ? codePoint(Number(dec))
        : hex
          ? codePoint(parseInt(hex, 16))
          : (NAMED_ENTITIES[(name as string).toLowerCase()] ?? m),
    );
    if (next === out) break;
    out = next;
  }
  return out;
}

// What browsers and URL parsers skip inside a scheme: whitespace, controls, zero-width and BOM.
const IGNORED_IN_SCHEME = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]+/g;
const squeeze = (s: string) => s.replace(IGNORED_IN_SCHEME, '').toLowerCase();

// A tag (<script, </a, <img/src…), a comment, a declaration or a processing instruction.
const HTML_RE = /<\/?[a-z][a-z0-9-]*(?=[\s/>]|$)|<!--|<![a-z[]|<\?/gi;
// Link and image targets: [x](target), ![x](target), [x]: target, <scheme:…> autolinks.
const LINK_TARGET_RE = /\]\s*\(\s*<?([^)>]*)|^\s{0,3}\[[^\]]+\]:\s*<?(\S+)|<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gim;
const SCRIPT_SCHEME_RE = /(?:java|vb|live)script:/;
const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/;

export function findActiveContent(raw: string): ActiveContent[] {
  const found: ActiveContent[] = [];
  const text = decodeCharacterReferences(raw.replace(PLACEHOLDER_RE, ' '));
  for (const m of text.matchAll(HTML_RE)) found.push({ what: 'HTML markup', text: m[0].trim() });
  for (const m of text.matchAll(LINK_TARGET_RE)) {
    const target = squeeze(m[1] ?? m[2] ?? m[3] ?? '');
    const scheme = SCHEME_RE.exec(target)?.[1];
    if (scheme && scheme !== 'http' && scheme !== 'https')
      found.push({ what: `a ${scheme}: link`, text: m[0].trim().slice(0, 60) });
  }
  const script = SCRIPT_SCHEME_RE.exec(squeeze(text));
  if (script && !found.some((f) => f.what === `a ${script[0]} link`))
    found.push({ what: `a ${script[0]} URL`, text: script[0] });
  return found;
}
