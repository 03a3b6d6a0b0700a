import type { HitRate } from './retrieval-hits';

/**
 * The closing table of eval:reflection: issue 40's targets, the old offline
 * wording's figures (stored, with the commit they were measured at: that
 * pipeline is not kept) and this run's, side by side, with whether each
 * target is met. The function-card row's "before" is what the same queries
 * would be handed without app scoping.
 */
type Rate = Pick<HitRate, 'hits' | 'of'>;
type Side = { own: Rate; other: Rate; flaws: number; cutTitles: number };
export type BeforeAfter = {
  before: Side & { pipeline: string; commit: string };
  after: Side;
  functionScope: { violations: number; unscopedForeign: number; queries: number };
};

export const TARGETS = { own: 0.9, other: 0.75 } as const;

const rate = (r: Rate) => (r.of ? r.hits / r.of : 0);
const pct = (r: Rate) => (r.of ? `${Math.round(100 * rate(r))}% (${r.hits}/${r.of})` : '— (0 tasks)');

export function beforeAfterTable(t: BeforeAfter): string {
  const b = t.before;
  const rows: [string, string, string, string, boolean][] = [
    ['own card in top 3', pct(b.own), pct(t.after.own), '≥ 90%', rate(t.after.own) >= TARGETS.own],
    [
      'labelled plausible card in top 3',
      pct(b.other),
      pct(t.after.other),
      '≥ 75%',
      rate(t.after.other) >= TARGETS.other,
    ],
    [
      `function cards of an app the task does not name (${t.functionScope.queries} queries)`,
      `${t.functionScope.unscopedForeign} unscoped`,
      String(t.functionScope.violations),
      '0',
      t.functionScope.violations === 0,
    ],
    ['curation flaws', String(b.flaws), String(t.after.flaws), '0', t.after.flaws === 0],
    ['titles cut mid-phrase', String(b.cutTitles), String(t.after.cutTitles), '0', t.after.cutTitles === 0],
  ];
  const head: [string, string, string, string, string] = [
    'target',
    `before (stored, commit ${b.commit})`,
    'after',
    'goal',
    'met',
  ];
  const table = [head, ...rows.map(([a, bb, c, d, met]) => [a, bb, c, d, met ? 'yes' : 'NO'])];
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('  ')}`.trimEnd();
  return [
    '',
    `before → after (before: the old offline wording, ${b.pipeline}, as measured at commit ${b.commit}):`,
    ...table.map(line),
  ].join('\n');
}
