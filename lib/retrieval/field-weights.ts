import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';
import { tokenize } from './bm25';

/**
 * Which parts of a card say what it is about. A word in the title or the
 * trigger (`applies_when`, tags) says when the card applies; the same word in
 * the rule body is often incidental ("ask the user", "call the tool"), so the
 * title, trigger and tags count more. A term's frequency in a card is the
 * weighted sum of its occurrences per field (a simple BM25F); the document
 * length stays the plain word count, so long bodies are not rewarded twice.
 */
export const SKILL_FIELD_WEIGHTS = { title: 3, applies_when: 2, tags: 2, core_rule: 1 } as const;
export const FUNCTION_FIELD_WEIGHTS = { tool: 3, what_it_does: 2, usage_rules: 1 } as const;

export type IndexedField = { name: string; weight: number; tokens: string[] };

export function skillFields(c: Pick<SkillCardContent, 'title' | 'applies_when' | 'tags' | 'skill'>): IndexedField[] {
  const w = SKILL_FIELD_WEIGHTS;
  return [
    { name: 'title', weight: w.title, tokens: tokenize(c.title) },
    { name: 'applies_when', weight: w.applies_when, tokens: tokenize(c.applies_when) },
    { name: 'tags', weight: w.tags, tokens: tokenize(c.tags.join(' ')) },
    { name: 'core_rule', weight: w.core_rule, tokens: tokenize(c.skill.core_rule) },
  ];
}

export function functionFields(c: Pick<FunctionCardContent, 'tool' | 'what_it_does' | 'usage_rules'>): IndexedField[] {
  const w = FUNCTION_FIELD_WEIGHTS;
  return [
    { name: 'tool', weight: w.tool, tokens: tokenize(c.tool) },
    { name: 'what_it_does', weight: w.what_it_does, tokens: tokenize(c.what_it_does) },
    { name: 'usage_rules', weight: w.usage_rules, tokens: tokenize(c.usage_rules.join('\n')) },
  ];
}
