import { z } from 'zod';
import { optionalFilterText } from '@/lib/http/filter-text';
import { AppError } from '@/lib/errors';

// No database imports here: the compare page's arms chooser parses and prints arms on the client too.

/**
 * One arm of a comparison: the runs that match every field given. `release: null` is R0 (runs with no
 * memory); an absent field does not narrow. An arm is written as text in the URL, the API and the CLI:
 * `R0`, a bare release name, or `key=value` parts joined by commas (`release=v2,model=gpt-4.1`).
 */
export type ArmSpec = {
  release?: string | null;
  model?: string;
  agent?: string;
  importId?: string;
};

export const ARM_KEYS = ['release', 'model', 'agent', 'import'] as const;
type ArmKey = (typeof ARM_KEYS)[number];

/** The name of R0 in arm text: runs without a bank release. */
export const NO_MEMORY = 'R0';

/**
 * Reads arm text. `what` names the parameter in the error ("a", "b", "--a") so a mistyped arm is
 * reported where it was typed, with the part that is wrong.
 */
export function parseArm(text: string, what: string): ArmSpec {
  const raw = text.trim();
  if (!raw)
    throw new AppError('VALIDATION', `Arm ${what} is empty: give R0, a release name or key=value parts`, [
      { path: what, message: 'empty' },
    ]);
  if (raw.length > 600)
    throw new AppError('VALIDATION', `Arm ${what} is longer than 600 characters`, [
      { path: what, message: 'too long' },
    ]);
  if (!raw.includes('=')) return { release: raw === NO_MEMORY ? null : raw };
  const spec: ArmSpec = {};
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    const fail = (message: string) =>
      new AppError('VALIDATION', `Arm ${what}: "${part.trim()}" ${message}`, [{ path: what, message }]);
    if (!(ARM_KEYS as readonly string[]).includes(key))
      throw fail(`is not one of ${ARM_KEYS.map((k) => `${k}=…`).join(', ')}`);
    if (!value) throw fail('has no value after "="');
    if (seen.has(key)) throw fail(`repeats "${key}"`);
    seen.add(key);
    const k = key as ArmKey;
    if (k === 'release') spec.release = value === NO_MEMORY ? null : value;
    else if (k === 'import') spec.importId = value;
    else spec[k] = value;
  }
  return spec;
}

/** Arm text for a spec, the inverse of parseArm (a release alone prints as its name, R0 as "R0"). */
export function formatArm(spec: ArmSpec): string {
  const keys = Object.keys(spec).filter((k) => spec[k as keyof ArmSpec] !== undefined);
  if (keys.length === 1 && keys[0] === 'release') return spec.release ?? NO_MEMORY;
  const parts: string[] = [];
  if (spec.release !== undefined) parts.push(`release=${spec.release ?? NO_MEMORY}`);
  if (spec.model) parts.push(`model=${spec.model}`);
  if (spec.agent) parts.push(`agent=${spec.agent}`);
  if (spec.importId) parts.push(`import=${spec.importId}`);
  return parts.join(',');
}

/** A spec that names nothing would compare every run with every run. */
export function isEmptyArm(spec: ArmSpec): boolean {
  return spec.release === undefined && !spec.model && !spec.agent && !spec.importId;
}

/** The scope both arms are cut to, and the comparison's query (URL of /compare, `GET /api/compare`, the CLI). */
export const compareQuerySchema = z.strictObject({
  a: z.string().max(600),
  b: z.string().max(600),
  benchmark: optionalFilterText(200),
  ability: optionalFilterText(200),
  // The benchmark's task id ("airline/16") or the console's.
  task: optionalFilterText(300),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;
export type CompareScope = Partial<Pick<CompareQuery, 'benchmark' | 'ability' | 'task'>>;

/** The comparison as a query string (the page's URL holds the choice; downloads and the API take the same). */
export function compareParams(q: Partial<CompareQuery>, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...q, ...extra })) if (v) p.set(k, v);
  return p.toString();
}
