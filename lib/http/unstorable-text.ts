import { AppError } from '@/lib/errors';

/**
 * Text PostgreSQL cannot store: NUL (U+0000), and a lone UTF-16 surrogate (a "\ud800" in JSON
 * with no partner), which has no UTF-8 form. Either failed deep in a query as a 500. The API
 * refuses them at the boundary instead, naming where they are, rather than replacing them:
 * nothing a user typed is dropped without them being told. (Imports replace NUL: their content
 * is agents' output, see lib/import/pg-store.ts.)
 */
const NUL = '\u0000';
// With the `u` flag a surrogate pair is one code point: only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

type Problem = { what: string; fix: string };
const NUL_PROBLEM: Problem = { what: 'a NUL character (\\u0000)', fix: 'remove it' };
const SURROGATE_PROBLEM: Problem = {
  what: 'a lone surrogate (half of a UTF-16 pair, such as \\ud800)',
  fix: 'send whole characters',
};

function problemIn(text: string): Problem | null {
  if (text.includes(NUL)) return NUL_PROBLEM;
  if (LONE_SURROGATE.test(text)) return SURROGATE_PROBLEM;
  return null;
}

// A field name as it can be shown and sent back in JSON: its unstorable characters spelled out.
const shown = (key: string) =>
  key.replace(/[\u0000]|\p{Surrogate}/gu, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Where the first unstorable text in `value` is, as a dotted path under `path` ("body.whatWentWrong"), or null. */
export function findUnstorable(value: unknown, path: string): { at: string; problem: Problem } | null {
  if (typeof value === 'string') {
    const problem = problemIn(value);
    return problem ? { at: path, problem } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  // A query string may repeat a parameter: every value is looked at.
  const entries = value instanceof URLSearchParams ? [...value.entries()] : Object.entries(value);
  for (const [key, v] of entries) {
    const at = `${path}.${shown(key)}`;
    const problem = problemIn(key);
    if (problem) return { at, problem };
    const inside = findUnstorable(v, at);
    if (inside) return inside;
  }
  return null;
}

/** Refuses a request whose path parameters, query string (URLSearchParams) or JSON body (as `parts`) hold unstorable text. */
export function assertStorableText(parts: Record<string, unknown>): void {
  for (const [part, value] of Object.entries(parts)) {
    const found = findUnstorable(value, part);
    if (found)
      throw new AppError(
        'VALIDATION',
        `${found.at} contains ${found.problem.what}, which cannot be stored or searched: ${found.problem.fix}`,
        [{ path: found.at, message: `contains ${found.problem.what}` }],
      );
  }
}
