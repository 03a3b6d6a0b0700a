import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Deidentifier } from '@/lib/privacy/deidentify';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';

type Item = { kind: string; sensitive: boolean; text: string };
const load = (name: string): { items: Item[] } =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../fixtures/privacy/${name}`), 'utf8'));
const corpus = load('corpus.json');
// Set aside: written independently and never used to tune the detectors.
const holdout = load('holdout.json');

type Score = { tp: number; fp: number; fn: number; tn: number };
const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);

/**
 * Recall per kind: flagged sensitive items of that kind; precision per kind:
 * of the items of that kind that were flagged (sensitive ones and look-alikes
 * written for that kind), the share that were sensitive.
 */
function score(items: Item[]) {
  const byKind = new Map<string, Score>();
  const total: Score = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const errors: string[] = [];
  for (const item of items) {
    const findings = findPrivacyIssues(item.text);
    const flagged = findings.length > 0;
    const s = byKind.get(item.kind) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
    const key = item.sensitive ? (flagged ? 'tp' : 'fn') : flagged ? 'fp' : 'tn';
    s[key]++;
    total[key]++;
    byKind.set(item.kind, s);
    if (key === 'fn') errors.push(`missed ${item.kind}: ${item.text}`);
    if (key === 'fp')
      errors.push(
        `false alarm (${item.kind} look-alike): ${item.text} → ${findings.map((f) => `${f.kind} "${f.text}"`).join(', ')}`,
      );
  }
  return {
    byKind,
    total,
    errors,
    recall: ratio(total.tp, total.tp + total.fn),
    precision: ratio(total.tp, total.tp + total.fp),
  };
}

function report(name: string, r: ReturnType<typeof score>) {
  const rows = [...r.byKind.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([k, s]) =>
        `  ${k.padEnd(13)} recall ${ratio(s.tp, s.tp + s.fn).toFixed(2)} (${s.tp}/${s.tp + s.fn})  precision ${ratio(s.tp, s.tp + s.fp).toFixed(2)} (${s.tp}/${s.tp + s.fp})  look-alikes passed ${s.tn}/${s.tn + s.fp}`,
    );
  console.log(
    `privacy validator on ${name}: recall ${r.recall.toFixed(3)} (${r.total.tp}/${r.total.tp + r.total.fn}), precision ${r.precision.toFixed(3)} (${r.total.tp}/${r.total.tp + r.total.fp})\n${rows.join('\n')}${r.errors.length ? `\n  ${r.errors.join('\n  ')}` : ''}`,
  );
}

describe('privacy validator on the self-written corpus', () => {
  it.each([
    {
      name: 'flags sensitive items with recall and precision >= 0.95 on the tuned corpus, per kind printed',
      label: 'the tuned corpus',
      items: corpus.items,
      atLeast: { sensitive: 70, clean: 40 },
    },
    {
      name: 'holds recall and precision >= 0.95 on the set-aside corpus it was not tuned on',
      label: 'the set-aside corpus',
      items: holdout.items,
      atLeast: { sensitive: 40, clean: 20 },
    },
  ])('$name', ({ label, items, atLeast }) => {
    const r = score(items);
    report(label, r);
    expect(items.filter((i) => i.sensitive).length).toBeGreaterThanOrEqual(atLeast.sensitive);
    expect(items.filter((i) => !i.sensitive).length).toBeGreaterThanOrEqual(atLeast.clean);
    expect(r.recall).toBeGreaterThanOrEqual(0.95);
    expect(r.precision).toBeGreaterThanOrEqual(0.95);
  });

  it('finds the kinds an independent corpus exposed: spaced international phones, payment ids, bare names, addresses, other currencies', () => {
    const kinds = (t: string) => findPrivacyIssues(t).map((f) => f.kind);
    expect(kinds('Reach her on +49 151 2345 6789')).toContain('phone');
    expect(kinds('Charge credit_card_4421486')).toContain('id');
    expect(kinds('Book the seat for Sofia Marquez')).toContain('person');
    expect(kinds('Her address is Hauptstraße 5, 10115 Berlin')).toContain('location');
    expect(kinds('The fee is 90 CHF')).toContain('amount');
    expect(findPrivacyIssues('Prefer HTTP2 connections')).toEqual([]);
  });

  it('flags copied scenario values and forbidden terms from the run context', () => {
    const issues = findPrivacyIssues('Open the walkthrough note for the office move', {
      scenarioValues: ['office move'],
      forbiddenTerms: ['mail/1'],
    });
    expect(issues.map((i) => i.kind)).toContain('scenario_value');
    expect(findPrivacyIssues('Task mail/1 shows it', { forbiddenTerms: ['mail/1'] }).map((i) => i.kind)).toContain(
      'forbidden_term',
    );
  });
});

describe('de-identification', () => {
  it('replaces argument values by key type and scrubs the same values in later free text', () => {
    const d = new Deidentifier();
    const args = d.json({
      user_id: 'u-3002',
      email: 'ana@example.com',
      folder: 'INBOX',
      page: 2,
      subject: 'Move on the 14th',
      first_name: 'lucia',
    });
    expect(args).toEqual({
      user_id: '<ID>',
      email: '<EMAIL>',
      folder: 'INBOX',
      page: 2,
      subject: '<TITLE_TEXT>',
      first_name: '<PERSON>',
    });
    const text = d.text(
      'User u-3002 (lucia) wrote from ana@example.com about "Move on the 14th", call +1 415 555 0132',
    );
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
    const out = d.content(
      '{"items":[{"id":"m-101","from":"Facilities Desk","date":"Mon 09:10","folder":"INBOX"}],"next_page":2}',
    );
    expect(JSON.parse(out)).toEqual({
      items: [{ id: '<ID>', from: '<PERSON>', date: '<DATE_OR_TIME>', folder: 'INBOX' }],
      next_page: 2,
    });
  });
});

describe('judge prose', () => {
  it('flags evaluator vocabulary and copied stretches of evaluator notes, not plain diagnosis wording', () => {
    expect(findPrivacyIssues('The reward was 0 because the reply was late').map((f) => f.kind)).toContain(
      'judge_prose',
    );
    const note = 'Only page 1 of the results was read; the newest message <ID> was on page 2.';
    expect(
      findPrivacyIssues('Failing runs: only page 1 of the results was read; the newest message <ID> was on page 2', {
        judgeNotes: [note],
      }).map((f) => f.kind),
    ).toContain('judge_prose');
    expect(findPrivacyIssues('The agent did not read the second page before replying', { judgeNotes: [note] })).toEqual(
      [],
    );
  });
});
