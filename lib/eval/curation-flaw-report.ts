import { skillCardSchema, type SkillCardContent } from '@/lib/cards/card-schemas';
import {
  CURATION_FLAW_LABELS,
  cardFlaws,
  duplicateTitleFlaws,
  type CurationContext,
  type CurationFlawKind,
} from '@/lib/reflection/curation-flaws';
import type { ValidationIssue } from '@/lib/reflection/validate-card';
import { isCutMidPhrase } from '@/lib/reflection/situation-wording';

/**
 * The curation-flaw half of `npm run eval:reflection`: per proposal, which of
 * issue 40's flaws it has (checkpoint ids, grader words, copied diagnoses,
 * tool-named titles, template text, cut titles, unrelated patches, duplicate
 * ADD titles), and the totals the report requires to be 0.
 */
export type FlawRow = {
  task: string;
  proposal: string;
  title: string | null;
  flaws: { kind: CurationFlawKind; path: string; message: string }[];
};

const KIND_BY_LABEL = new Map(Object.entries(CURATION_FLAW_LABELS).map(([k, v]) => [v, k as CurationFlawKind]));

/** The curation flaws the pipeline recorded on a proposal (validation rule "curation"). */
export function recordedFlaws(issues: ValidationIssue[]): FlawRow['flaws'] {
  return issues
    .filter((i) => i.rule === 'curation')
    .flatMap((i) => {
      const label = i.message.slice(0, i.message.indexOf(':'));
      const kind = KIND_BY_LABEL.get(label);
      return kind ? [{ kind, path: i.path, message: i.message.slice(label.length + 2) }] : [];
    });
}

export function titleOf(card: unknown): string | null {
  const t = (card as { title?: unknown } | null)?.title;
  return typeof t === 'string' ? t : null;
}

/** Rows for one run's proposals as stored (the product path: flaws were recorded at curation). */
export function storedFlawRows(
  task: string,
  proposals: {
    deltaIndex: number | null;
    operation: string;
    cardKind: string;
    proposedCard: unknown;
    validation: ValidationIssue[];
  }[],
): FlawRow[] {
  return proposals
    .filter((p) => p.cardKind === 'SKILL' && p.operation !== 'NOOP')
    .map((p) => ({
      task,
      proposal: `delta ${p.deltaIndex ?? '—'} ${p.operation}`,
      title: titleOf(p.proposedCard),
      flaws: recordedFlaws(p.validation),
    }));
}

/** Rows for cards that were never curated by this code (the old wording): every detector run directly, each card an ADD. */
export function detectedFlawRows(task: string, cards: unknown[], ctx: CurationContext): FlawRow[] {
  const parsed = cards.map((c) => skillCardSchema.safeParse(c).data ?? null);
  const dupes = duplicateTitleFlaws(parsed.map((c, index) => ({ index, title: c?.title ?? null })));
  return parsed.flatMap((c, i) =>
    c
      ? [
          {
            task,
            proposal: `delta ${i} ADD_CARD`,
            title: c.title,
            flaws: [...cardFlaws(c as SkillCardContent, ctx), ...(dupes.get(i) ?? [])].map((f) => ({
              kind: f.flaw,
              path: f.path,
              message: f.message,
            })),
          },
        ]
      : [],
  );
}

export type FlawSummary = {
  proposals: number;
  flawed: number;
  flaws: number;
  cutTitles: number;
  byKind: Record<string, number>;
};

export function summariseFlaws(rows: FlawRow[]): FlawSummary {
  const byKind: Record<string, number> = {};
  for (const r of rows) for (const f of r.flaws) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  return {
    proposals: rows.length,
    flawed: rows.filter((r) => r.flaws.length).length,
    flaws: rows.reduce((n, r) => n + r.flaws.length, 0),
    cutTitles: rows.filter((r) => r.title !== null && isCutMidPhrase(r.title)).length,
    byKind,
  };
}

/** Report lines: one per proposal (its title and flaws), then the totals. */
export function formatFlawRows(heading: string, rows: FlawRow[]): string[] {
  return [
    heading,
    ...rows.map(
      (r) =>
        `  ${r.task.padEnd(24)} ${r.proposal.padEnd(20)} "${(r.title ?? '—').slice(0, 90)}"${
          r.flaws.length
            ? `\n      flaws: ${r.flaws.map((f) => `${CURATION_FLAW_LABELS[f.kind]} (${f.path}: ${f.message})`).join('; ')}`
            : ' · no flaws'
        }`,
    ),
    ...formatFlawSummary(summariseFlaws(rows)),
  ];
}

/** The totals lines of a flaw report (also for a stored summary, whose rows are not kept). */
export function formatFlawSummary(s: FlawSummary): string[] {
  const kinds = Object.entries(s.byKind)
    .sort()
    .map(([k, n]) => `${CURATION_FLAW_LABELS[k as CurationFlawKind]} ${n}`)
    .join(', ');
  return [
    `  curation flaws: ${s.flaws} in ${s.flawed} of ${s.proposals} proposals${kinds ? ` (${kinds})` : ''}`,
    `  titles cut mid-phrase: ${s.cutTitles}`,
  ];
}
