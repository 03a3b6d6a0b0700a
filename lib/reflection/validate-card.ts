import type { CardOperation } from '@prisma/client';
import type { z } from 'zod';
import { skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import { evidenceLists, ruleLists } from '@/lib/cards/skill-card-lists';
import { canonicalJson } from '@/lib/text/canonical-json';
import { findActiveContent } from '@/lib/cards/active-content';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import { tokenize } from '@/lib/retrieval/bm25';
import { evaluatorWording, runtimeFields } from './evaluator-wording';
import { readableSchemaMessage } from './schema-issue-text';

/**
 * Validation of deltas and curator patches (docs/architecture.md "Validation" 1–3).
 * Failures are returned, never thrown: the caller stores them with the item.
 */
export type ValidationIssue = {
  rule:
    'schema' | 'privacy' | 'active_content' | 'evidence' | 'outcome' | 'operation' | 'evaluator_wording' | 'curation';
  path: string;
  message: string;
};

export type ValidationContext = {
  observedTools: string[];
  allFailed: boolean;
  scenarioValues: string[];
  forbiddenTerms: string[];
  /** De-identified evaluator notes as the packet showed them. */
  judgeNotes?: string[];
};

export function schemaIssues(error: z.ZodError, prefix = ''): ValidationIssue[] {
  return error.issues.map((i) => ({
    rule: 'schema',
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(root)',
    message: readableSchemaMessage(i),
  }));
}

/** Every string leaf with its path, for privacy and traceability checks. */
export function stringLeaves(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path: path || '(root)', text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, path ? `${path}.${k}` : k));
  }
  return [];
}

export function privacyIssues(
  value: unknown,
  ctx: Pick<ValidationContext, 'scenarioValues' | 'forbiddenTerms' | 'judgeNotes'>,
  prefix = '',
): ValidationIssue[] {
  return stringLeaves(value, prefix).flatMap(({ path, text }) =>
    findPrivacyIssues(text, ctx).map((f) => ({
      rule: 'privacy' as const,
      path,
      message: `contains ${f.kind.replace(/_/g, ' ')} "${f.text}"`,
    })),
  );
}

/** HTML and script or non-http(s) links in any field (lib/cards/active-content.ts): card text is plain text. */
export function activeContentIssues(value: unknown, prefix = ''): ValidationIssue[] {
  return stringLeaves(value, prefix).flatMap(({ path, text }) =>
    findActiveContent(text).map((f) => ({
      rule: 'active_content' as const,
      path,
      message: `contains ${f.what} ("${f.text}"): card text is plain text, so markup and script or non-http(s) links are refused`,
    })),
  );
}

function functionIssues(card: SkillCardContent, allowed: Set<string>, prefix: string): ValidationIssue[] {
  return card.functions_used
    .map((f, i) => ({ f, i }))
    .filter(({ f }) => !allowed.has(f))
    .map(({ f, i }) => ({
      rule: 'evidence' as const,
      path: `${prefix}functions_used[${i}]`,
      message: `function ${f} was not observed in this task's calls`,
    }));
}

/** "When every run failed, never a success recipe" (docs/architecture.md "Reflector"). */
function outcomeIssues(card: SkillCardContent, known: Set<string>, prefix: string): ValidationIssue[] {
  const fields: [string, string[]][] = [
    ['skill.success_contrast', card.skill.success_contrast],
    ['evidence.good_examples', card.evidence.good_examples],
  ];
  return fields.flatMap(([path, items]) =>
    items
      .map((text, i) => ({ text, i }))
      .filter(({ text }) => !known.has(norm(text)))
      .map(({ i }) => ({
        rule: 'outcome' as const,
        path: `${prefix}${path}[${i}]`,
        message: 'every trajectory of this task failed, so it cannot support success content',
      })),
  );
}

/** Runtime text must state what the agent can observe, never an evaluator verdict. */
export function wordingIssues(card: SkillCardContent, prefix = ''): ValidationIssue[] {
  return runtimeFields(card).flatMap(({ path, text }) =>
    evaluatorWording(text).map((phrase) => ({
      rule: 'evaluator_wording' as const,
      path: `${prefix}${path}`,
      message: `uses evaluator wording "${phrase}": state what the agent can observe (a returned value, the conversation), not a checkpoint verdict`,
    })),
  );
}

/**
 * Good and bad examples that read the same carry no contrast: usually
 * de-identification replaced the one value that differed.
 */
export function contrastIssues(card: SkillCardContent, prefix = ''): ValidationIssue[] {
  const good = new Set(card.evidence.good_examples.map(norm));
  return card.evidence.bad_examples
    .map((text, i) => ({ text, i }))
    .filter(({ text }) => good.has(norm(text)))
    .map(({ i }) => ({
      rule: 'evidence' as const,
      path: `${prefix}evidence.bad_examples[${i}]`,
      message:
        'identical to a good example after de-identification: the contrast between passing and failing calls was lost',
    }));
}

export function validateDelta(
  raw: unknown,
  ctx: ValidationContext,
): { content: SkillCardContent | null; issues: ValidationIssue[] } {
  const parsed = skillCardSchema.safeParse(raw);
  const issues: ValidationIssue[] = [];
  if (!parsed.success) issues.push(...schemaIssues(parsed.error));
  issues.push(...privacyIssues(raw, ctx), ...activeContentIssues(raw));
  if (parsed.success) {
    issues.push(...functionIssues(parsed.data, new Set(ctx.observedTools), ''));
    issues.push(...wordingIssues(parsed.data), ...contrastIssues(parsed.data));
    if (ctx.allFailed) issues.push(...outcomeIssues(parsed.data, new Set(), ''));
  }
  return { content: parsed.success ? parsed.data : null, issues };
}

export type PatchInput = {
  operation: CardOperation;
  targetKey: string | null;
  targetKeys: string[];
  card: unknown;
};

export type PatchInputs = {
  delta: SkillCardContent;
  /** Retrieved candidates by key: the only cards a patch may target. */
  candidates: Map<string, SkillCardContent>;
  /** Related function cards (their text counts as evidence). */
  functionCards: unknown[];
};

/** Validates one curator patch against its inputs (schema, operation shape, privacy, evidence, outcome). */
export function validatePatch(
  p: PatchInput,
  inputs: PatchInputs,
  ctx: ValidationContext,
): { card: SkillCardContent | null; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const unknownKey = (k: string) => !inputs.candidates.has(k);
  if (p.operation === 'NOOP') {
    if (p.card !== null && p.card !== undefined)
      issues.push({ rule: 'operation', path: 'new_or_updated_card', message: 'a NOOP must not carry a card' });
    return { card: null, issues };
  }
  if (p.operation === 'ADD_CARD' && (p.targetKey || p.targetKeys.length)) {
    issues.push({ rule: 'operation', path: 'target_card_id', message: 'ADD_CARD must not target an existing card' });
  }
  if (p.operation !== 'ADD_CARD') {
    if (!p.targetKey)
      issues.push({ rule: 'operation', path: 'target_card_id', message: `${p.operation} needs a target card` });
    else if (unknownKey(p.targetKey))
      issues.push({
        rule: 'operation',
        path: 'target_card_id',
        message: `${p.targetKey} is not one of the retrieved cards`,
      });
  }
  if (p.operation === 'MERGE_CARD') {
    if (new Set(p.targetKeys).size < 2)
      issues.push({ rule: 'operation', path: 'target_card_ids', message: 'MERGE_CARD needs at least two cards' });
    if (p.targetKey && !p.targetKeys.includes(p.targetKey))
      issues.push({
        rule: 'operation',
        path: 'target_card_ids',
        message: 'the kept card must be one of the merged cards',
      });
    p.targetKeys
      .filter(unknownKey)
      .forEach((k) =>
        issues.push({ rule: 'operation', path: 'target_card_ids', message: `${k} is not one of the retrieved cards` }),
      );
  }
  const parsed = skillCardSchema.safeParse(p.card);
  if (!parsed.success) issues.push(...schemaIssues(parsed.error, 'new_or_updated_card'));
  issues.push(
    ...privacyIssues(p.card, ctx, 'new_or_updated_card'),
    ...activeContentIssues(p.card, 'new_or_updated_card'),
  );
  if (!parsed.success) return { card: null, issues };

  const targets = [...new Set([p.targetKey, ...p.targetKeys].filter((k): k is string => Boolean(k)))]
    .map((k) => inputs.candidates.get(k))
    .filter((c): c is SkillCardContent => Boolean(c));
  const allowedFns = new Set([...ctx.observedTools, ...targets.flatMap((t) => t.functions_used)]);
  issues.push(...functionIssues(parsed.data, allowedFns, 'new_or_updated_card.'));
  issues.push(
    ...wordingIssues(parsed.data, 'new_or_updated_card.'),
    ...contrastIssues(parsed.data, 'new_or_updated_card.'),
  );
  issues.push(...traceIssues(parsed.data, [inputs.delta, ...targets, ...inputs.functionCards]));
  const narrowed = p.operation === 'NARROW_TRIGGER' && p.targetKey ? inputs.candidates.get(p.targetKey) : undefined;
  if (narrowed) issues.push(...narrowIssues(parsed.data, narrowed));
  const patched = p.operation === 'PATCH_CARD' && p.targetKey ? inputs.candidates.get(p.targetKey) : undefined;
  // PATCH_CARD (docs/architecture.md "Curator") adds supported content without changing the card's scope: its trigger stays.
  if (patched && norm(parsed.data.applies_when) !== norm(patched.applies_when)) {
    issues.push({
      rule: 'operation',
      path: 'new_or_updated_card.applies_when',
      message:
        'PATCH_CARD must not change applies_when (the scope); use NARROW_TRIGGER to narrow it, or ADD_CARD for a new scope',
    });
  }
  if (ctx.allFailed) {
    const known = new Set(targets.flatMap((t) => [...t.skill.success_contrast, ...t.evidence.good_examples]).map(norm));
    issues.push(...outcomeIssues(parsed.data, known, 'new_or_updated_card.'));
  }
  return { card: parsed.data, issues };
}

/** NARROW_TRIGGER (docs/architecture.md "Curator"): the rule is right, only its trigger changes — so applies_when must change and nothing else may. */
function narrowIssues(card: SkillCardContent, target: SkillCardContent): ValidationIssue[] {
  const fields = new Set([...Object.keys(card), ...Object.keys(target)]);
  fields.delete('applies_when');
  const record = (c: SkillCardContent) => c as unknown as Record<string, unknown>;
  const changed = [...fields]
    .filter((f) => canonicalJson(record(card)[f] ?? null) !== canonicalJson(record(target)[f] ?? null))
    .sort();
  const issues: ValidationIssue[] = [];
  if (norm(card.applies_when) === norm(target.applies_when)) {
    issues.push({
      rule: 'operation',
      path: 'new_or_updated_card.applies_when',
      message: 'NARROW_TRIGGER must narrow applies_when, which is unchanged',
    });
  }
  if (changed.length) {
    issues.push({
      rule: 'operation',
      path: 'new_or_updated_card',
      message: `NARROW_TRIGGER may only change applies_when; it also changes ${changed.join(', ')}`,
    });
  }
  return issues;
}

/**
 * Semantic closure, approximated: every list item of the result must draw at
 * least 60% of its content words from the inputs. Rephrasing passes, new
 * claims do not.
 */
function traceIssues(card: SkillCardContent, inputs: unknown[]): ValidationIssue[] {
  const vocab = new Set(inputs.flatMap((i) => stringLeaves(i).flatMap((l) => tokenize(l.text))));
  const lists = [...ruleLists(card), ...evidenceLists(card)];
  return lists.flatMap(([path, items]) =>
    items.flatMap((text, i) => {
      const words = tokenize(text);
      if (words.length === 0) return [];
      const covered = words.filter((w) => vocab.has(w)).length / words.length;
      return covered >= 0.6
        ? []
        : [
            {
              rule: 'evidence' as const,
              path: `new_or_updated_card.${path}[${i}]`,
              message: `not traceable to the delta or the targeted cards (${Math.round(covered * 100)}% of its words appear in the inputs)`,
            },
          ];
    }),
  );
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
