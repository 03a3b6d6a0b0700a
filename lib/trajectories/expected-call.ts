/**
 * The expected call of an action checkpoint, read back from its description.
 *
 * The τ²-bench adapter (lib/import/adapters/tau2.ts) writes an action
 * checkpoint's description as `Expected call NAME(k=JSON, k=JSON) (compared: a, b)`
 * — every value is `JSON.stringify`'d — so the expectation can be recovered
 * exactly, for files imported before and after this code, without a schema
 * change. Anything that is not in that shape yields null (the UI then shows
 * the description as text only).
 */
export type ExpectedCall = {
  /** The tool name as the description writes it (without the app prefix). */
  name: string;
  arguments: Record<string, unknown>;
  /** The argument names the benchmark compares, when it says so; null = all. */
  compared: string[] | null;
};

const PREFIX = 'Expected call ';

/** Index just past the JSON value starting at `from` (strings, nesting), or -1. */
function endOfJsonValue(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    else if (depth === 0 && (ch === ',' || ch === ')')) return i;
    if (depth < 0) return -1;
  }
  return -1;
}

export function parseExpectedCall(description: string | null | undefined): ExpectedCall | null {
  if (!description?.startsWith(PREFIX)) return null;
  const open = description.indexOf('(', PREFIX.length);
  if (open < 0) return null;
  const name = description.slice(PREFIX.length, open).trim();
  if (!name) return null;
  const args: Record<string, unknown> = {};
  let i = open + 1;
  while (i < description.length && description[i] !== ')') {
    const eq = description.indexOf('=', i);
    if (eq < 0) return null;
    const key = description.slice(i, eq).trim();
    const end = endOfJsonValue(description, eq + 1);
    if (!key || end < 0) return null;
    try {
      args[key] = JSON.parse(description.slice(eq + 1, end));
    } catch {
      return null;
    }
    i = description[end] === ',' ? end + 1 : end;
    while (description[i] === ' ') i++;
  }
  if (description[i] !== ')') return null;
  const rest = description.slice(i + 1).trim();
  const compared = /^\(compared: (.*)\)$/.exec(rest);
  return {
    name,
    arguments: args,
    compared: compared
      ? compared[1]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : null,
  };
}
