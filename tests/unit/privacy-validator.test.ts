import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Deidentifier } from '@/lib/privacy/deidentify';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';

type Item = { kind: string; sensitive: boolean; text: string };
const corpus: { items: Item[] } = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/privacy/corpus.json'), 'utf8'));

describe('privacy validator on the self-written corpus', () => {
  it('flags sensitive items with recall >= 0.95 and precision >= 0.95, and prints both', () => {
    let tp = 0, fp = 0, fn = 0;
    const missed: string[] = [];
    const falseAlarms: string[] = [];
    for (const item of corpus.items) {
      const flagged = findPrivacyIssues(item.text).length > 0;
      if (item.sensitive && flagged) tp++;
      else if (item.sensitive) { fn++; missed.push(`${item.kind}: ${item.text}`); }
      else if (flagged) { fp++; falseAlarms.push(`${item.text} → ${JSON.stringify(findPrivacyIssues(item.text))}`); }
    }
    const recall = tp / (tp + fn);
    const precision = tp / (tp + fp);
    console.log(`privacy validator: recall ${recall.toFixed(3)} (${tp}/${tp + fn}), precision ${precision.toFixed(3)} (${tp}/${tp + fp}), corpus ${corpus.items.length} items`);
    if (missed.length) console.log(`missed:\n  ${missed.join('\n  ')}`);
    if (falseAlarms.length) console.log(`false alarms:\n  ${falseAlarms.join('\n  ')}`);
    expect(corpus.items.filter((i) => i.sensitive).length).toBeGreaterThanOrEqual(40);
    expect(corpus.items.filter((i) => !i.sensitive).length).toBeGreaterThanOrEqual(25);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    // A validator that flags everything would have perfect recall: false alarms block real proposals.
    expect(precision, `false alarms:\n${falseAlarms.join('\n')}`).toBeGreaterThanOrEqual(0.95);
  });

  it('flags copied scenario values and forbidden terms from the run context', () => {
    const issues = findPrivacyIssues('Open the walkthrough note for the office move', { scenarioValues: ['office move'], forbiddenTerms: ['mail/1'] });
    expect(issues.map((i) => i.kind)).toContain('scenario_value');
    expect(findPrivacyIssues('Task mail/1 shows it', { forbiddenTerms: ['mail/1'] }).map((i) => i.kind)).toContain('forbidden_term');
  });
});

describe('de-identification', () => {
  it('replaces argument values by key type and scrubs the same values in later free text', () => {
    const d = new Deidentifier();
    const args = d.json({ user_id: 'u-3002', email: 'ana@example.com', folder: 'INBOX', page: 2, subject: 'Move on the 14th', first_name: 'lucia' });
    expect(args).toEqual({ user_id: '<ID>', email: '<EMAIL>', folder: 'INBOX', page: 2, subject: '<TITLE_TEXT>', first_name: '<PERSON>' });
    const text = d.text('User u-3002 (lucia) wrote from ana@example.com about "Move on the 14th", call +1 415 555 0132');
    expect(text).not.toMatch(/u-3002|lucia|ana@example|Move on the 14th|415/);
    expect(text).toContain('<PHONE>');
    expect(d.mapping().map((m) => m.value)).toEqual(expect.arrayContaining(['u-3002', 'ana@example.com', 'lucia']));
  });

  it('types a value by its content when it is wholly an e-mail or phone, and replaces remembered values only as whole tokens', () => {
    const d = new Deidentifier();
    expect(d.json({ to: 'facilities@demo.invalid', amount: 140 })).toEqual({ to: '<EMAIL>', amount: '<AMOUNT>' });
    expect(d.text('Refund 140 of 1400 to facilities@demo.invalid')).toBe('Refund <AMOUNT> of 1400 to <EMAIL>');
  });

  it('de-identifies JSON observations by key while keeping enum values', () => {
    const d = new Deidentifier();
    const out = d.content('{"items":[{"id":"m-101","from":"Facilities Desk","date":"Mon 09:10","folder":"INBOX"}],"next_page":2}');
    expect(JSON.parse(out)).toEqual({ items: [{ id: '<ID>', from: '<PERSON>', date: '<DATE_OR_TIME>', folder: 'INBOX' }], next_page: 2 });
  });
});

describe('judge prose', () => {
  it('flags evaluator vocabulary and copied stretches of evaluator notes, not plain diagnosis wording', () => {
    expect(findPrivacyIssues('The reward was 0 because the reply was late').map((f) => f.kind)).toContain('judge_prose');
    const note = 'Only page 1 of the results was read; the newest message <ID> was on page 2.';
    expect(findPrivacyIssues('Failing runs: only page 1 of the results was read; the newest message <ID> was on page 2', { judgeNotes: [note] }).map((f) => f.kind)).toContain('judge_prose');
    expect(findPrivacyIssues('The agent did not read the second page before replying', { judgeNotes: [note] })).toEqual([]);
  });
});
