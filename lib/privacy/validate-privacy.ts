import { findMatches, MODEL_NAME_RE, PLACEHOLDER_RE, type PatternKind } from './patterns';

export type PrivacyFinding = { kind: PatternKind | 'scenario_value' | 'forbidden_term' | 'judge_prose'; text: string };

export type PrivacyContext = {
  /** Concrete values replaced during de-identification (from Deidentifier.mapping()). */
  scenarioValues?: string[];
  /** Model names, task and scenario ids of the run: never allowed in a card. */
  forbiddenTerms?: string[];
  /** Evaluator notes of the run's checkpoints: copying a stretch of one into a card is raw judge prose. */
  judgeNotes?: string[];
};

const JUDGE_COPY_MIN = 40;

// Evaluator vocabulary: a card states a rule, never a verdict. (Plain "the agent did not…"
// is how annotators write diagnoses, so it is not flagged by itself.)
const JUDGE_PROSE_RE =
  /\b(?:reward (?:is|was|=|of)|nl_assertions?|db_check|env_assertions?|the evaluator|the judge|judged (?:as|to be|by)|gold (?:database|answer|actions?))\b/i;

/**
 * Privacy check for text that would enter the bank (rule 2 of docs/architecture.md "Validation"):
 * e-mails, phones, long ids/tokens, URLs, model names, task ids, copied
 * scenario values and judge prose. Placeholders like <EMAIL> are allowed.
 */
export function findPrivacyIssues(text: string, ctx: PrivacyContext = {}): PrivacyFinding[] {
  const findings: PrivacyFinding[] = [];
  const stripped = text.replace(PLACEHOLDER_RE, ' ');
  for (const m of findMatches(stripped)) {
    // Amounts, dates and paths are flagged too: a card should hold <AMOUNT>, not "$140".
    findings.push({ kind: m.kind, text: m.text });
  }
  MODEL_NAME_RE.lastIndex = 0;
  for (const m of stripped.matchAll(MODEL_NAME_RE)) findings.push({ kind: 'model_name', text: m[0] });
  const lower = stripped.toLowerCase();
  for (const term of ctx.forbiddenTerms ?? []) {
    if (term.length >= 3 && containsTerm(lower, term.toLowerCase()))
      findings.push({ kind: 'forbidden_term', text: term });
  }
  for (const value of ctx.scenarioValues ?? []) {
    // Short values ("yes", "2") are too common to prove copying.
    if (value.length >= 4 && containsTerm(lower, value.toLowerCase()))
      findings.push({ kind: 'scenario_value', text: value });
  }
  const judge = stripped.match(JUDGE_PROSE_RE);
  if (judge) findings.push({ kind: 'judge_prose', text: judge[0] });
  const flat = squash(text);
  for (const note of ctx.judgeNotes ?? []) {
    const copied = longestCopiedStretch(flat, squash(note));
    if (copied) findings.push({ kind: 'judge_prose', text: copied });
  }
  return dedupe(findings);
}

// Function names (App.function) are observed vocabulary a card must use: sharing one with a note is not copying the note.
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/\b[a-z_][\w-]*\.[a-z_]\w*\b/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

/** A ≥40-character stretch of the note that appears verbatim in the text (checked on sentence windows). */
function longestCopiedStretch(text: string, note: string): string | null {
  if (note.length < JUDGE_COPY_MIN) return null;
  for (let i = 0; i + JUDGE_COPY_MIN <= note.length; i += 10) {
    const piece = note.slice(i, i + JUDGE_COPY_MIN);
    if (text.includes(piece)) return piece;
  }
  return null;
}

function containsTerm(haystack: string, needle: string): boolean {
  const i = haystack.indexOf(needle);
  if (i < 0) return false;
  // Whole-word match for word-like terms, so "mail" does not hit "e-mail" style look-alikes.
  const re = new RegExp(`(^|[^a-z0-9])${needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`);
  return re.test(haystack);
}

function dedupe(f: PrivacyFinding[]): PrivacyFinding[] {
  const seen = new Set<string>();
  return f.filter((x) => {
    const k = `${x.kind}:${x.text}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
