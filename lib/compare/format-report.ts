import { markdownText } from '@/lib/text/markdown-text';
import type { ArmRate, BreakdownRow, FlipCounts, Mcnemar } from './build-report';
import type { CompareReport } from './compare-arms';

export const REPORT_FORMATS = ['json', 'md', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null | undefined, digits = 2) => (v === null || v === undefined ? '—' : v.toFixed(digits));
/** p-values: fixed digits hide 2/4096 as 0.000, so small ones are in scientific notation. */
export const pValue = (p: number | null) => (p === null ? '—' : p >= 0.001 ? p.toFixed(3) : p.toExponential(2));
const rateText = (r: ArmRate) =>
  r.rate === null ? '—' : `${pct(r.rate)} (${pct(r.interval?.low)}–${pct(r.interval?.high)}), ${r.passed}/${r.n}`;

// A table cell of untrusted text: escaped Markdown, no pipe to split the row, one line.
const cell = (text: string | null) =>
  text === null ? '—' : markdownText(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function table(head: string[], rows: string[][]): string[] {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => ' --- ').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

const countsRow = (c: FlipCounts, m: Mcnemar) => [
  String(c.pairs),
  String(c.bothPass),
  String(c.bothFail),
  String(c.fixed),
  String(c.broke),
  pValue(m.exactP),
  num(m.chiSquare?.uncorrected),
  num(m.chiSquare?.corrected),
];
const COUNT_HEAD = [
  'pairs',
  'both pass',
  'both fail',
  'fail→pass',
  'pass→fail',
  'McNemar exact p',
  'χ² (uncorrected)',
  'χ² (continuity-corrected)',
];

const breakdownRows = (rows: BreakdownRow[]) =>
  rows.map((r) => [cell(r.group ?? 'none'), ...countsRow(r.counts, r.mcnemar), rateText(r.a), rateText(r.b)]);

/** The report as Markdown a researcher can paste: every figure of the page, with the arms and scope named. */
export function reportMarkdown(r: CompareReport): string {
  const { a, b } = r.arms;
  const scope = [
    r.query.benchmark && `benchmark ${r.query.benchmark}`,
    r.query.ability && `ability ${r.query.ability}`,
    r.task && `task ${r.task.externalId}`,
  ]
    .filter(Boolean)
    .join(', ');
  const bank = (arm: typeof a) =>
    arm.banks.length
      ? arm.banks
          .map((k) =>
            k.known
              ? `${k.release}: ${k.cards} cards, ${k.renderedTokens} rendered tokens`
              : `${k.release}: not known to this console`,
          )
          .join('; ')
      : 'no memory';
  const lines = [
    `# ${cell(b.text)} against ${cell(a.text)}`,
    '',
    `Arm A (before): ${cell(a.text)}, ${a.runs} runs of ${a.tasks} tasks. Arm B (after): ${cell(b.text)}, ${b.runs} runs of ${b.tasks} tasks. Scope: ${cell(scope || 'everything')}.`,
    `Pairs share ${r.pairing.key.join(', ')}. Tasks in A only: ${r.onlyA.length}; in B only: ${r.onlyB.length}. Runs whose trial the other arm lacks: A ${r.pairing.unpairedTrials.a}, B ${r.pairing.unpairedTrials.b}. Re-runs superseded by a newer run of the same pair: A ${r.pairing.superseded.a}, B ${r.pairing.superseded.b}.`,
    '',
    '## Paired outcomes',
    '',
    ...table(COUNT_HEAD, [countsRow(r.counts, r.mcnemar)]),
    '',
    '## Each arm',
    '',
    ...table(
      ['', 'A', 'B'],
      [
        ['pass rate (95% Wilson)', rateText(r.passRate.a), rateText(r.passRate.b)],
        ...r.passHatK.a.map((p, i) => [`pass^${p.k}`, num(p.value, 3), num(r.passHatK.b[i]?.value, 3)]),
        ['mean checkpoint score', pct(r.checkpointScore.a), pct(r.checkpointScore.b)],
        ['events per run', num(r.events.a, 1), num(r.events.b, 1)],
        [
          'cost per run',
          r.cost.nA ? `${num(r.cost.a, 4)} (${r.cost.nA} runs)` : 'not recorded',
          r.cost.nB ? `${num(r.cost.b, 4)} (${r.cost.nB} runs)` : 'not recorded',
        ],
        [
          'tokens per run',
          r.tokens.nA ? num(r.tokens.a, 0) : 'not recorded',
          r.tokens.nB ? num(r.tokens.b, 0) : 'not recorded',
        ],
        ['bank', cell(bank(a)), cell(bank(b))],
        ['cards injected', String(a.cardsInjected), String(b.cardsInjected)],
      ],
    ),
    '',
    r.checkpointScore.difference
      ? `Checkpoint score, B − A over ${r.checkpointScore.difference.n} pairs: ${pct(r.checkpointScore.difference.mean)} (95% bootstrap ${pct(r.checkpointScore.difference.low)} to ${pct(r.checkpointScore.difference.high)}).`
      : 'Checkpoint score: no pair where both runs have checkpoints.',
    '',
    '## By ability',
    '',
    ...table(['ability', ...COUNT_HEAD, 'A pass rate', 'B pass rate'], breakdownRows(r.byAbility)),
    '',
    '## By model',
    '',
    ...table(['model', ...COUNT_HEAD, 'A pass rate', 'B pass rate'], breakdownRows(r.byModel)),
    '',
    '## Flipped tasks (pass→fail first)',
    '',
    ...(r.flips.length
      ? table(
          ['flip', 'task', 'trial', 'model', 'checkpoints A', 'checkpoints B', 'cards in B'],
          r.flips.map((f) => [
            f.kind === 'broke' ? 'pass→fail' : 'fail→pass',
            cell(`${f.benchmark} ${f.taskExternalId}`),
            String(f.trial ?? 0),
            cell(f.model.a === f.model.b ? f.model.a : `${f.model.a} → ${f.model.b}`),
            f.checkpoints.a,
            f.checkpoints.b,
            cell(f.cardIdsB.join(', ') || 'none'),
          ]),
        )
      : ['No task flipped.']),
    '',
    '## Tasks in one arm only',
    '',
    `A only (${r.onlyA.length}): ${cell(r.onlyA.map((t) => t.taskExternalId).join(', ') || 'none')}`,
    '',
    `B only (${r.onlyB.length}): ${cell(r.onlyB.map((t) => t.taskExternalId).join(', ') || 'none')}`,
    '',
  ];
  return lines.join('\n');
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The report's tables as one CSV: the overall row, then one row per ability and per model. */
export function reportCsv(r: CompareReport): string {
  const head = [
    'breakdown',
    'group',
    'pairs',
    'both_pass',
    'both_fail',
    'fail_to_pass',
    'pass_to_fail',
    'mcnemar_exact_p',
    'chi2_uncorrected',
    'chi2_corrected',
    'a_passed',
    'a_pass_rate',
    'a_low',
    'a_high',
    'b_passed',
    'b_pass_rate',
    'b_low',
    'b_high',
  ];
  const row = (kind: string, group: string | null, c: FlipCounts, m: Mcnemar, a: ArmRate, b: ArmRate) =>
    [
      kind,
      group,
      c.pairs,
      c.bothPass,
      c.bothFail,
      c.fixed,
      c.broke,
      m.exactP,
      m.chiSquare?.uncorrected ?? null,
      m.chiSquare?.corrected ?? null,
      a.passed,
      a.rate,
      a.interval?.low ?? null,
      a.interval?.high ?? null,
      b.passed,
      b.rate,
      b.interval?.low ?? null,
      b.interval?.high ?? null,
    ]
      .map(csvCell)
      .join(',');
  return [
    head.join(','),
    row('all', null, r.counts, r.mcnemar, r.passRate.a, r.passRate.b),
    ...r.byAbility.map((x) => row('ability', x.group, x.counts, x.mcnemar, x.a, x.b)),
    ...r.byModel.map((x) => row('model', x.group, x.counts, x.mcnemar, x.a, x.b)),
    '',
  ].join('\r\n');
}

/** The report as a download: JSON (every field), Markdown or CSV. */
export function formatReport(
  r: CompareReport,
  format: ReportFormat,
): { body: string; contentType: string; extension: string } {
  if (format === 'md') return { body: reportMarkdown(r), contentType: 'text/markdown; charset=utf-8', extension: 'md' };
  if (format === 'csv') return { body: reportCsv(r), contentType: 'text/csv; charset=utf-8', extension: 'csv' };
  return { body: `${JSON.stringify(r, null, 2)}\n`, contentType: 'application/json; charset=utf-8', extension: 'json' };
}
