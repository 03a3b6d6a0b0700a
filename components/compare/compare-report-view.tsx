import Link from 'next/link';
import { Panel } from '@/components/ui/panel';
import { Stat } from '@/components/ui/stat';
import type { ArmRate, BreakdownRow } from '@/lib/compare/build-report';
import { compareParams } from '@/lib/compare/arm-spec';
import type { CompareReport } from '@/lib/compare/compare-arms';
import { pValue } from '@/lib/compare/format-report';
import { taskHref } from '@/lib/trajectories/event-link';
import { FlipChart } from './flip-chart';
import { RegressionList } from './regression-list';

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${(v * 100).toFixed(1)}%`);
const num = (v: number | null | undefined, d = 2) => (v === null || v === undefined ? '—' : v.toFixed(d));
const rate = (r: ArmRate) =>
  r.rate === null ? '—' : `${pct(r.rate)} (${pct(r.interval?.low)}–${pct(r.interval?.high)}) · ${r.passed}/${r.n}`;

const th = 'px-2 py-1 text-left text-xs font-medium text-slate-600';
const td = 'px-2 py-1 tabular-nums';

function Breakdown({ rows, label }: { rows: BreakdownRow[]; label: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead>
          <tr>
            {[
              label,
              'Pairs',
              'Both pass',
              'Both fail',
              'Fail→pass',
              'Pass→fail',
              'Exact p',
              'A pass rate',
              'B pass rate',
            ].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.group ?? ''} className="border-t border-slate-100">
              <th scope="row" className="px-2 py-1 text-left font-medium">
                {r.group ?? 'none'}
              </th>
              <td className={td}>{r.counts.pairs}</td>
              <td className={td}>{r.counts.bothPass}</td>
              <td className={td}>{r.counts.bothFail}</td>
              <td className={td}>{r.counts.fixed}</td>
              <td className={td}>{r.counts.broke}</td>
              <td className={td}>{pValue(r.mcnemar.exactP)}</td>
              <td className={td}>{rate(r.a)}</td>
              <td className={td}>{rate(r.b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Every figure of a paired comparison: headline, chart, per-arm table, breakdowns, flips and one-arm tasks. */
export function CompareReportView({ report: r }: { report: CompareReport }) {
  const { a, b } = r.arms;
  const download = (format: string) => `/api/compare?${compareParams(r.query, { format })}`;
  const bank = (arm: typeof a) =>
    arm.banks.length
      ? arm.banks
          .map((k) =>
            k.known ? `${k.release}: ${k.cards} cards, ${k.renderedTokens} tokens` : `${k.release}: unknown here`,
          )
          .join('; ')
      : 'no memory';
  const perArm: [string, string, string][] = [
    ['Runs · tasks in scope', `${a.runs} · ${a.tasks}`, `${b.runs} · ${b.tasks}`],
    ['Pass rate over the pairs (95% Wilson)', rate(r.passRate.a), rate(r.passRate.b)],
    ...r.passHatK.a.map((p, i): [string, string, string] => [
      `pass^${p.k}`,
      num(p.value, 3),
      num(r.passHatK.b[i]?.value, 3),
    ]),
    ['Mean checkpoint score (partial credit)', pct(r.checkpointScore.a), pct(r.checkpointScore.b)],
    ['Events per run', num(r.events.a, 1), num(r.events.b, 1)],
    ['Cost per run', r.cost.nA ? num(r.cost.a, 4) : 'not recorded', r.cost.nB ? num(r.cost.b, 4) : 'not recorded'],
    [
      'Tokens per run',
      r.tokens.nA ? num(r.tokens.a, 0) : 'not recorded',
      r.tokens.nB ? num(r.tokens.b, 0) : 'not recorded',
    ],
    ['Bank (rendered tokens)', bank(a), bank(b)],
    ['Distinct cards injected', String(a.cardsInjected), String(b.cardsInjected)],
  ];
  const diff = r.checkpointScore.difference;
  return (
    <div className="space-y-6" data-testid="compare-report">
      <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat look="card" label="Pairs" value={String(r.counts.pairs)} hint={`keyed by ${r.pairing.key.join(', ')}`} />
        <Stat look="card" label="Pass→fail" value={String(r.counts.broke)} hint="regressions" />
        <Stat look="card" label="Fail→pass" value={String(r.counts.fixed)} hint="fixes" />
        <Stat look="card" label="Both pass · both fail" value={`${r.counts.bothPass} · ${r.counts.bothFail}`} />
        <Stat
          look="card"
          label="McNemar exact p"
          value={pValue(r.mcnemar.exactP)}
          hint="two-sided, on the discordant pairs"
        />
        <Stat
          look="card"
          label="McNemar χ²"
          value={r.mcnemar.chiSquare ? num(r.mcnemar.chiSquare.uncorrected) : '—'}
          hint={
            r.mcnemar.chiSquare
              ? `uncorrected; ${num(r.mcnemar.chiSquare.corrected)} continuity-corrected`
              : 'no discordant pairs'
          }
        />
      </dl>
      <p className="flex flex-wrap gap-4 text-sm">
        <span className="text-slate-600">Download:</span>
        <a href={download('md')} className="font-medium text-indigo-700 hover:underline">
          Markdown
        </a>
        <a href={download('csv')} className="font-medium text-indigo-700 hover:underline">
          CSV
        </a>
        <a href={download('json')} className="font-medium text-indigo-700 hover:underline">
          JSON
        </a>
      </p>
      <Panel title={`Regressions: pass→fail (${r.counts.broke})`} testId="regressions-panel">
        {r.counts.broke > r.regressions.length ? (
          <p className="text-sm text-slate-600">
            The first {r.regressions.length} show their failed checkpoint and cards; the rest list the cards only.
          </p>
        ) : null}
        <RegressionList flips={r.flips} details={r.regressions} kind="broke" />
      </Panel>
      <Panel title="Paired outcomes by ability">
        <FlipChart
          rows={r.byAbility.map((g) => ({
            group: g.group ?? 'none',
            bothPass: g.counts.bothPass,
            fixed: g.counts.fixed,
            broke: g.counts.broke,
            bothFail: g.counts.bothFail,
          }))}
        />
      </Panel>
      <Panel title="Each arm">
        <table className="min-w-full text-sm">
          <thead>
            <tr>
              <th className={th} scope="col" />
              <th className={th} scope="col">
                A · {a.text}
              </th>
              <th className={th} scope="col">
                B · {b.text}
              </th>
            </tr>
          </thead>
          <tbody>
            {perArm.map(([label, va, vb]) => (
              <tr key={label} className="border-t border-slate-100">
                <th scope="row" className="px-2 py-1 text-left font-medium">
                  {label}
                </th>
                <td className={td}>{va}</td>
                <td className={td}>{vb}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-700">
          {diff
            ? `Checkpoint score, B − A over ${diff.n} pairs: ${pct(diff.mean)} (95% bootstrap interval ${pct(diff.low)} to ${pct(diff.high)}).`
            : 'Checkpoint score: no pair where both runs have checkpoints.'}
        </p>
      </Panel>
      <Panel title="By ability">
        <Breakdown rows={r.byAbility} label="Ability" />
      </Panel>
      <Panel title="By model">
        <Breakdown rows={r.byModel} label="Model" />
      </Panel>
      <Panel title={`Fixes: fail→pass (${r.counts.fixed})`}>
        <RegressionList flips={r.flips} details={[]} kind="fixed" />
      </Panel>
      <Panel title="Not paired" testId="unpaired">
        <p className="text-sm">
          Runs whose trial the other arm lacks: A {r.pairing.unpairedTrials.a}, B {r.pairing.unpairedTrials.b}. Re-runs
          of a pair superseded by a newer run: A {r.pairing.superseded.a}, B {r.pairing.superseded.b}.
        </p>
        {(['onlyA', 'onlyB'] as const).map((side) => (
          <div key={side}>
            <h3 className="text-sm font-medium">
              Tasks in {side === 'onlyA' ? 'A' : 'B'} only ({r[side].length})
            </h3>
            {r[side].length ? (
              <ul className="flex flex-wrap gap-x-3 text-sm">
                {r[side].map((t) => (
                  <li key={t.taskId}>
                    <Link href={taskHref(t.taskId)} className="text-indigo-700 hover:underline">
                      {t.taskExternalId}
                    </Link>{' '}
                    <span className="text-slate-600">({t.runs})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">None.</p>
            )}
          </div>
        ))}
      </Panel>
    </div>
  );
}
