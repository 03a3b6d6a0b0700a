import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluatorWording } from '@/lib/reflection/evaluator-wording';
import { validateDelta } from '@/lib/reflection/validate-card';
import { skillDelta } from '../helpers/reflection-fixtures';

type Item = { evaluator: boolean; text: string };
const corpus: { items: Item[] } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/wording/evaluator-phrases.json'), 'utf8'),
);
const ctx = { observedTools: ['mail.search_messages'], allFailed: false, scenarioValues: [], forbiddenTerms: [] };

describe('evaluator wording in runtime fields', () => {
  it('finds every evaluator phrase of the corpus and none of the observable look-alikes', () => {
    const missed = corpus.items.filter((i) => i.evaluator && evaluatorWording(i.text).length === 0).map((i) => i.text);
    const falseAlarms = corpus.items
      .filter((i) => !i.evaluator && evaluatorWording(i.text).length > 0)
      .map((i) => `${i.text} → ${evaluatorWording(i.text)}`);
    expect(corpus.items.filter((i) => i.evaluator).length).toBeGreaterThanOrEqual(20);
    expect(missed).toEqual([]);
    expect(falseAlarms).toEqual([]);
  });

  it('rejects a delta whose completion condition is a checkpoint verdict, naming the field', () => {
    const delta = skillDelta({ skill: { completion_condition: ['The update reservation flights check passes'] } });
    const issues = validateDelta(delta, ctx).issues;
    expect(issues).toEqual([
      expect.objectContaining({ rule: 'evaluator_wording', path: 'skill.completion_condition[0]' }),
    ]);
    expect(issues[0].message).toContain('check passes');
  });

  it('accepts the same delta phrased as returned state', () => {
    const delta = skillDelta({ skill: { completion_condition: ['The returned reservation shows the new flights'] } });
    expect(validateDelta(delta, ctx).issues).toEqual([]);
  });

  it('flags a delta whose good and bad examples are identical after de-identification', () => {
    const same = 'airline.update_reservation_flights({"total_baggages":"<AMOUNT>"})';
    const issues = validateDelta(skillDelta({ evidence: { good_examples: [same], bad_examples: [same] } }), ctx).issues;
    expect(issues).toEqual([expect.objectContaining({ rule: 'evidence', path: 'evidence.bad_examples[0]' })]);
    expect(issues[0].message).toMatch(/identical to a good example/);
  });
});
