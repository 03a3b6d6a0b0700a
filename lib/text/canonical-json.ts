/**
 * The one canonical JSON of the console: object keys sorted (by UTF-16 code unit, at every level),
 * keys whose value is undefined left out, everything else as `JSON.stringify` writes it. Equal content
 * gives equal text whatever the key order, so it is what content hashes, input hashes and argument
 * comparisons are built on.
 *
 * Stored content hashes (Task, Trajectory, Policy) are built from this text: changing its output
 * changes them, and every re-import of an unchanged file would then report a conflict
 * (tests/unit/canonical-json-hashes.test.ts pins them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '{';
  for (const k of keys) {
    const v = record[k];
    if (v === undefined) continue;
    out += (out.length > 1 ? ',' : '') + JSON.stringify(k) + ':' + canonicalJson(v);
  }
  return out + '}';
}

/**
 * The one argument diff: names of the top-level fields whose values differ between two argument
 * objects (either may lack a field, or be null), compared by canonical JSON so key order inside a
 * value never counts; sorted. Contrast's divergence details and the offline wording both use it.
 */
export function differingKeys(a: unknown, b: unknown): string[] {
  const x = (a ?? {}) as Record<string, unknown>;
  const y = (b ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(x), ...Object.keys(y)])]
    .filter((k) => canonicalJson(x[k] ?? null) !== canonicalJson(y[k] ?? null))
    .sort();
}
