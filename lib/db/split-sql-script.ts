/**
 * Splits a migration script into statements at the semicolons that end them.
 *
 * Prisma's `pg` driver adapter splits migration scripts at every `;`, which
 * cuts function bodies, string literals and comments in half. The Prisma CLI
 * adapter (lib/db/prisma-cli-adapter.ts) hands scripts to this splitter instead, so
 * migrations can hold dollar-quoted function bodies written as ordinary SQL.
 *
 * It skips semicolons inside: 'string' literals (with '' escapes), E'…'
 * strings (with backslash escapes), "quoted identifiers", $tag$ dollar-quoted
 * bodies $tag$, -- line comments and nested block comments. Statements are kept
 * one by one (not sent as one multi-statement query) because PostgreSQL runs
 * those in one implicit transaction, and a new enum value added by
 * `ALTER TYPE … ADD VALUE` cannot be used in the transaction that added it.
 */
export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;

  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (text && !isOnlyComments(text)) statements.push(text);
  };

  while (i < n) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const eol = script.indexOf('\n', i);
      i = eol === -1 ? n : eol + 1;
    } else if (c === '/' && next === '*') {
      i = skipBlockComment(script, i);
    } else if (c === "'") {
      const escapes = isEscapeStringPrefix(script, i);
      i = skipQuoted(script, i, "'", escapes);
    } else if (c === '"') {
      i = skipQuoted(script, i, '"', false);
    } else if (c === '$') {
      const tag = dollarTagAt(script, i);
      if (tag) {
        const close = script.indexOf(tag, i + tag.length);
        i = close === -1 ? n : close + tag.length;
      } else {
        i++;
      }
    } else if (c === ';') {
      push(i);
      start = i + 1;
      i++;
    } else {
      i++;
    }
  }
  push(n);
  return statements;
}

function isOnlyComments(text: string): boolean {
  return stripComments(text).trim() === '';
}

/** The text with its comments removed (only used to drop comment-only fragments). */
function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '-' && text[i + 1] === '-') {
      const eol = text.indexOf('\n', i);
      i = eol === -1 ? text.length : eol + 1;
    } else if (text[i] === '/' && text[i + 1] === '*') {
      i = skipBlockComment(text, i);
    } else {
      out += text[i++];
    }
  }
  return out;
}

function skipBlockComment(s: string, from: number): number {
  // PostgreSQL block comments nest.
  let depth = 0;
  let i = from;
  while (i < s.length) {
    if (s[i] === '/' && s[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (s[i] === '*' && s[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else {
      i++;
    }
  }
  return s.length;
}

function isEscapeStringPrefix(s: string, quoteAt: number): boolean {
  const prev = s[quoteAt - 1];
  if (prev !== 'E' && prev !== 'e') return false;
  // `E'` only when the E is not the end of a longer identifier (e.g. `TYPE'`).
  return !/[A-Za-z0-9_]/.test(s[quoteAt - 2] ?? '');
}

function skipQuoted(s: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < s.length) {
    const c = s[i];
    if (backslashEscapes && c === '\\') {
      i += 2;
    } else if (c === quote) {
      if (s[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return s.length;
}

/** `$tag$` or `$$` starting at `at`, unless the `$` is a positional parameter or part of an identifier. */
function dollarTagAt(s: string, at: number): string | null {
  if (/[A-Za-z0-9_]/.test(s[at - 1] ?? '')) return null;
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(s.slice(at, at + 64));
  return m ? m[0] : null;
}
