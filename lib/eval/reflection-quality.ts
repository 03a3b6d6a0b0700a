import { skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import { findPrivacyIssues } from '@/lib/privacy/validate-privacy';
import { evaluatorWording, runtimeFields } from '@/lib/reflection/evaluator-wording';
import type { RunDetail } from '@/lib/reflection/read-run';
import { stringLeaves } from '@/lib/reflection/validate-card';
import type { ApprovalOutcome } from './approve-all';

/**
 * Quality figures of one reflection run (npm run eval:reflection): what
 * entered the bank when every valid proposal was approved through
 * approveProposal, and how clean it is.
 */
export type TaskQuality = {
  task: string;
  runs: { passed: number; failed: number };
  diagnoses: number;
  status: string;
  error: string | null;
  deltas: number;
  validDeltas: number;
  proposals: number;
  validProposals: number;
  failuresByRule: Record<string, number>;
  /** Deltas with success contrast, of deltas, counted only where a passing run exists. */
  successContrast: { with: number; of: number } | null;
  duplicateItems: number;
  identicalGoodBad: number;
  privacyFindings: number;
  evaluatorWording: number;
  operations: Record<string, number>;
  /** Valid proposals approveProposal accepted / refused (with the reason). */
  approved: number;
  refused: string[];
  /** The skill card versions approval wrote. */
  bankCards: SkillCardContent[];
};

const LISTS = (c: SkillCardContent): string[][] => [
  c.skill.completion_condition,
  c.skill.success_contrast,
  c.skill.failure_contrast,
  c.skill.recovery,
  c.skill.efficiency,
  c.evidence.observed_feedback,
  c.evidence.state_transition,
  c.evidence.good_examples,
  c.evidence.bad_examples,
];
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export function duplicateListItems(c: SkillCardContent): number {
  return LISTS(c).reduce((n, items) => n + (items.length - new Set(items.map(norm)).size), 0);
}

export function identicalGoodBad(c: SkillCardContent): number {
  const good = new Set(c.evidence.good_examples.map(norm));
  return c.evidence.bad_examples.filter((b) => good.has(norm(b))).length;
}

export function taskQuality(
  task: string,
  detail: RunDetail,
  runs: { passed: number; failed: number },
  approval: ApprovalOutcome,
): TaskQuality {
  const failuresByRule: Record<string, number> = {};
  for (const item of [...detail.deltas, ...detail.proposals])
    for (const v of item.validation) failuresByRule[v.rule] = (failuresByRule[v.rule] ?? 0) + 1;
  const operations: Record<string, number> = {};
  for (const p of detail.proposals) if (p.valid) operations[p.operation] = (operations[p.operation] ?? 0) + 1;
  const deltaCards = detail.deltas.flatMap((d) => {
    const parsed = skillCardSchema.safeParse(d.content);
    return parsed.success ? [parsed.data] : [];
  });
  // What approval wrote (function cards have no skill fields to check here).
  const bankCards = approval.approved.flatMap((a) => {
    const parsed = skillCardSchema.safeParse(a.content);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    task,
    runs,
    diagnoses: detail.diagnosisIds.length,
    status: detail.status,
    error: detail.error,
    deltas: detail.deltas.length,
    validDeltas: detail.deltas.filter((d) => d.valid).length,
    proposals: detail.proposals.length,
    validProposals: detail.proposals.filter((p) => p.valid).length,
    failuresByRule,
    successContrast:
      runs.passed > 0
        ? { with: deltaCards.filter((c) => c.skill.success_contrast.length > 0).length, of: deltaCards.length }
        : null,
    duplicateItems: bankCards.reduce((n, c) => n + duplicateListItems(c), 0),
    identicalGoodBad: bankCards.reduce((n, c) => n + identicalGoodBad(c), 0),
    privacyFindings: bankCards.reduce(
      (n, c) => n + stringLeaves(c).reduce((m, l) => m + findPrivacyIssues(l.text).length, 0),
      0,
    ),
    evaluatorWording: bankCards.reduce(
      (n, c) => n + runtimeFields(c).reduce((m, f) => m + evaluatorWording(f.text).length, 0),
      0,
    ),
    operations,
    approved: approval.approved.length,
    refused: approval.refused.map((r) => r.reason),
    bankCards,
  };
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${Math.round((100 * a) / b)}%`);
const mix = (r: Record<string, number>) =>
  Object.entries(r)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || '—';

/** The printed report: one line per task, then the totals. */
export function formatReport(
  rows: TaskQuality[],
  extra: { provider: string; seconds: number; bank: { cards: number; kb: number }; retrieval: string[] },
): string {
  const lines = [
    `eval:reflection — provider ${extra.provider}, ${rows.length} tasks, ${extra.seconds.toFixed(1)} s`,
    '',
  ];
  lines.push(
    'task                         runs(p/f) diag deltas valid-deltas valid-props success-contrast dup id-good=bad privacy eval-wording ops / failures',
  );
  for (const r of rows) {
    lines.push(
      [
        r.task.padEnd(28),
        `${r.runs.passed}/${r.runs.failed}`.padEnd(9),
        String(r.diagnoses).padEnd(4),
        String(r.deltas).padEnd(6),
        `${r.validDeltas}/${r.deltas}`.padEnd(12),
        `${r.validProposals}/${r.proposals}`.padEnd(11),
        (r.successContrast ? `${r.successContrast.with}/${r.successContrast.of}` : 'n/a (all failed)').padEnd(16),
        String(r.duplicateItems).padEnd(3),
        String(r.identicalGoodBad).padEnd(11),
        String(r.privacyFindings).padEnd(7),
        String(r.evaluatorWording).padEnd(12),
        `${mix(r.operations)} / ${mix(r.failuresByRule)}${r.refused.length ? ` / approval refused: ${r.refused.join('; ')}` : ''}${r.error ? ` / ERROR ${r.error}` : ''}`,
      ].join(' '),
    );
  }
  const sum = (f: (r: TaskQuality) => number) => rows.reduce((n, r) => n + f(r), 0);
  const ops: Record<string, number> = {};
  const rules: Record<string, number> = {};
  for (const r of rows) {
    for (const [k, v] of Object.entries(r.operations)) ops[k] = (ops[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.failuresByRule)) rules[k] = (rules[k] ?? 0) + v;
  }
  const withPass = rows.filter((r) => r.successContrast);
  const cards = rows.flatMap((r) => r.bankCards);
  lines.push(
    '',
    'total',
    `  deltas per task: max ${Math.max(0, ...rows.map((r) => r.deltas))} (limit 3), mean ${(sum((r) => r.deltas) / Math.max(1, rows.length)).toFixed(1)}`,
    `  validation pass rate: deltas ${pct(
      sum((r) => r.validDeltas),
      sum((r) => r.deltas),
    )} (${sum((r) => r.validDeltas)}/${sum((r) => r.deltas)}), proposals ${pct(
      sum((r) => r.validProposals),
      sum((r) => r.proposals),
    )} (${sum((r) => r.validProposals)}/${sum((r) => r.proposals)})`,
    `  validation failures by rule: ${mix(rules)}`,
    `  success contrast where a passing run exists: ${pct(
      sum((r) => r.successContrast?.with ?? 0),
      withPass.reduce((n, r) => n + r.successContrast!.of, 0),
    )} of deltas (${sum((r) => r.successContrast?.with ?? 0)}/${withPass.reduce((n, r) => n + r.successContrast!.of, 0)})`,
    `  approve all valid (approveProposal): ${sum((r) => r.approved)} approved, ${sum((r) => r.refused.length)} refused`,
    `  privacy findings in approved cards: ${sum((r) => r.privacyFindings)} (must be 0)`,
    `  evaluator wording in runtime fields: ${sum((r) => r.evaluatorWording)} (must be 0)`,
    `  duplicate list items: ${sum((r) => r.duplicateItems)}; bad examples identical to a good one: ${sum((r) => r.identicalGoodBad)}`,
    `  bank after approval: ${extra.bank.cards} cards, ${extra.bank.kb.toFixed(1)} KB (card content at each card's current version; ${cards.length} skill versions written)`,
    `  curator operation mix (valid proposals): ${mix(ops)}`,
    ...extra.retrieval.map((l) => `  ${l}`),
  );
  return lines.join('\n');
}
