import { inCardFieldOrder } from '@/lib/cards/field-order';
import { changedFields, diffFields } from '@/lib/diff/field-diff';
import type { ValidationIssue } from '@/lib/reflection/validate-card';

/**
 * A reviewer's own words (docs/architecture.md "Validation"): text typed in
 * edit-then-approve, or a card written by hand, is the reviewer's, recorded as
 * theirs. It is still checked for schema, privacy and active content, but not
 * for traceability to the reflection inputs, and the operation's field rules
 * (PATCH keeps `applies_when`, NARROW changes only it) bind what the curator
 * proposed, not what the reviewer wrote.
 */

/** Every field of the card: a hand-written card is the reviewer's throughout. */
export const ALL_FIELDS = '*';

/** The card fields (dotted paths, as the field diff names them) where `edited` differs from `from`. */
export function authoredFields(from: unknown, edited: unknown): string[] {
  return changedFields(diffFields(from ?? null, edited, { inOrder: inCardFieldOrder })).map((c) => c.path);
}

/**
 * Rules about where a curator's words came from or how its patch is shaped; a
 * reviewer's words answer to none of them. Everything else (schema, privacy,
 * active content, evaluator wording — raw judge prose is a privacy matter in
 * the card rules, and "the check passes" is nothing an agent can observe — and
 * any rule added later) applies to every word. A function name in
 * `functions_used` stays checked: that it was observed is the schema's rule.
 */
const CURATOR_ONLY = new Set<ValidationIssue['rule']>(['evidence', 'outcome', 'operation', 'curation']);

function within(path: string, field: string): boolean {
  return field === ALL_FIELDS || path === field || path.startsWith(`${field}[`) || path.startsWith(`${field}.`);
}

function curatorOnly(issue: ValidationIssue): boolean {
  return CURATOR_ONLY.has(issue.rule) && !(issue.rule === 'evidence' && issue.path.startsWith('functions_used'));
}

/**
 * The issues of a card whose `authored` fields are a reviewer's: `edited` are the
 * issues of the card as it will be applied, `proposed` those of the curator's
 * card (whose operation rules still hold). Reviewer fields keep only the checks
 * that bind every word; the curator's fields keep all of theirs.
 */
export function reviewerWordIssues(
  edited: ValidationIssue[],
  proposed: ValidationIssue[],
  authored: string[],
): ValidationIssue[] {
  if (!authored.length) return edited;
  const mine = (i: ValidationIssue) => authored.some((f) => within(i.path, f));
  const kept = edited.filter((i) => !curatorOnly(i) || (i.rule !== 'operation' && !mine(i)));
  // The operation's shape and field rules, as the curator proposed it.
  const operation = authored.includes(ALL_FIELDS) ? [] : proposed.filter((i) => i.rule === 'operation');
  return [...kept, ...operation];
}
