'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { filterParams, type DashboardFilters } from '@/lib/dashboard/filter-schema';
import type { DashboardData } from '@/lib/dashboard/load-dashboard';
import { BankPanel } from './bank-panel';
import { Stat } from '@/components/ui/stat';
import { plural } from '@/lib/text/plural';
import { pct } from './chart-kit';
import { CoverageByAbility, CoverageByAnnotator, CoverageOverTime } from './coverage-panels';
import { CurationPanels, ReviewPanel } from './curation-panels';
import { PassRateByAbility, PassRateByModel, PassRateByRound } from './pass-rate-panels';

type FilterKey = keyof DashboardFilters;
const FILTER_NAMES: Record<FilterKey, string> = {
  benchmark: 'benchmark',
  ability: 'ability',
  model: 'model',
  agent: 'agent',
  nullAgent: 'agent',
  from: 'import dates',
  to: 'import dates',
};

const NOT_PER_RUN: FilterKey[] = ['benchmark', 'model', 'agent', 'nullAgent'];

/**
 * Curation, review and bank count proposals, decisions and cards, which are
 * not kept per benchmark, model or agent: under such a filter they still show
 * every proposal (a dashboard reading "0 trajectories" next to "14 approved"
 * looked like a wrong figure). Says which of the set filters a section does not follow, and what it counts by.
 */
function FilterScope({
  filters,
  ignores = NOT_PER_RUN,
  countsBy,
}: {
  filters: DashboardFilters;
  ignores?: FilterKey[];
  countsBy: string;
}) {
  const ignored = [...new Set(ignores.filter((k) => filters[k]).map((k) => FILTER_NAMES[k]))];
  if (!ignored.length) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="filter-scope">
      Not filtered by {ignored.join(', ')}: {countsBy}
    </p>
  );
}

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** Every dashboard figure. Each panel has a chart, a table view, a CSV download and links to the list behind its points. */
export function DashboardView({ data, worksQueue }: { data: DashboardData; worksQueue: boolean }) {
  const f = data.filters;
  const cps = data.passRates.byModel.reduce((s, r) => ({ n: s.n + r.checkpoints, p: s.p + r.checkpointsPassed }), {
    n: 0,
    p: 0,
  });
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="dashboard-stats">
        <Stat
          label="Trajectories"
          value={data.trajectoryCount.toLocaleString('en-US')}
          hint={
            data.passRates.notStarted
              ? `${plural(data.passRates.notStarted, 'run')} never started (not counted in the figures)`
              : undefined
          }
        />
        <Stat
          label="Checkpoint pass rate"
          value={pct(cps.n ? cps.p / cps.n : null)}
          hint={`n = ${cps.n.toLocaleString('en-US')}`}
        />
        <Stat
          label="Diagnosis coverage"
          value={pct(data.coverage.total.coverage)}
          hint={`${data.coverage.total.diagnosed.toLocaleString('en-US')} of ${data.coverage.total.failed.toLocaleString('en-US')} failed checkpoints`}
        />
        <Stat
          label="Rounds"
          value={String(data.passRates.rounds.length)}
          hint={data.passRates.rounds.map((r) => r.round.split(' · ')[0]).join(', ')}
        />
      </dl>
      <Section title="Pass rate">
        <PassRateByRound data={data.passRates} filters={f} />
        <div className="grid gap-4 lg:grid-cols-2">
          <PassRateByModel data={data.passRates} filters={f} />
          <PassRateByAbility data={data.passRates} filters={f} />
        </div>
      </Section>
      <Section
        title="Card impact"
        aside={
          <Link href={`/dashboard/impact?${filterParams(f)}`} className="text-sm text-indigo-700 underline">
            Card impact table (most helpful / most harmful)
          </Link>
        }
      >
        <p className="text-sm text-slate-600">
          Checkpoint pass rate of trajectories a card was injected into against same-ability trajectories of the same
          models without it, per release, with 95% Wilson intervals.
        </p>
      </Section>
      <Section title="Diagnosis coverage">
        <div className="grid gap-4 lg:grid-cols-2">
          <CoverageByAbility data={data.coverage} filters={f} worksQueue={worksQueue} />
          <CoverageByAnnotator data={data.coverage} filters={f} worksQueue={worksQueue} />
        </div>
        <CoverageOverTime data={data.coverage} filters={f} />
      </Section>
      <Section title="Curation">
        <FilterScope filters={f} countsBy="proposals are counted by bank (ability) and the day they were made." />
        <div className="grid gap-4 lg:grid-cols-2">
          <CurationPanels data={data.curation} filters={f} />
        </div>
      </Section>
      <Section title="Review">
        <FilterScope filters={f} countsBy="decisions are counted by bank (ability) and the day they were made." />
        <ReviewPanel data={data.review} filters={f} />
      </Section>
      <Section title="Bank">
        <FilterScope
          filters={f}
          ignores={[...NOT_PER_RUN, 'from', 'to']}
          countsBy="the bank is counted by ability, week by week."
        />
        <BankPanel data={data.bank} />
      </Section>
      <p className="text-xs text-slate-500">Computed in {data.tookMs} ms.</p>
    </div>
  );
}
