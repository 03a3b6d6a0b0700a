'use client';

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Curation } from '@/lib/dashboard/curation';
import { filterParams, type DashboardFilters } from '@/lib/dashboard/filter-schema';
import { OPERATIONS } from '@/lib/dashboard/operations';
import type { ReviewThroughput } from '@/lib/dashboard/review-throughput';
import { ChartPanel } from './chart-panel';
import { Stat } from '@/components/ui/stat';
import { colorAt, useOpen } from './chart-kit';
import type { Column } from './table-format';

const proposalsHref = (f: DashboardFilters, extra: Record<string, string | undefined>) =>
  `/dashboard/proposals?${filterParams({ ability: f.ability, from: f.from, to: f.to }, extra)}`;
const OP_LABEL: Record<string, string> = {
  ADD_CARD: 'ADD',
  PATCH_CARD: 'PATCH',
  MERGE_CARD: 'MERGE',
  NARROW_TRIGGER: 'NARROW',
  NOOP: 'NOOP',
};
const opColumns = <R,>(first: { key: keyof R & string; label: string }): Column<R>[] => [
  first,
  ...OPERATIONS.map((op) => ({ key: op as keyof R & string, label: OP_LABEL[op], format: 'int' as const })),
  { key: 'total' as keyof R & string, label: 'Total', format: 'int' },
];

function OperationBars<R extends { total: number }>({
  id,
  title,
  description,
  rows,
  xKey,
  label,
  link,
  filters,
}: {
  id: string;
  title: string;
  description: string;
  rows: R[];
  xKey: keyof R & string;
  label: string;
  link: (r: R) => Record<string, string>;
  filters: DashboardFilters;
}) {
  const open = useOpen();
  return (
    <ChartPanel
      id={id}
      title={title}
      description={description}
      rows={rows}
      columns={opColumns<R>({ key: xKey, label })}
      href={(r) => proposalsHref(filters, link(r))}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey={xKey as string} tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {OPERATIONS.map((op, i) => (
            <Bar
              key={op}
              dataKey={op}
              name={OP_LABEL[op]}
              stackId="ops"
              fill={colorAt(i)}
              cursor="pointer"
              onClick={(d) => open(proposalsHref(filters, { ...link(d.payload as R), operation: op }))}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartPanel>
  );
}

export function CurationPanels({ data, filters }: { data: Curation; filters: DashboardFilters }) {
  const open = useOpen();
  const ruleHref = (r: { rule: string }) => proposalsHref(filters, { rule: r.rule });
  return (
    <>
      <OperationBars
        id="curation-per-week"
        title="Curator operations per week"
        description="Proposals by operation, week of creation. Click a segment for those proposals."
        rows={data.perWeek}
        xKey="week"
        label="Week"
        link={(r) => ({ week: r.week })}
        filters={filters}
      />
      <OperationBars
        id="curation-per-bank"
        title="Curator operations per bank"
        description="Skill banks by ability; function cards are one global bank."
        rows={data.perBank}
        xKey="bank"
        label="Bank"
        link={(r) => ({ bank: r.bank })}
        filters={filters}
      />
      <ChartPanel
        id="validation-rules"
        title="Validation failures by rule"
        description="Top reasons proposals failed validation. Click a bar for the proposals."
        rows={data.validationByRule}
        columns={[
          { key: 'rule', label: 'Rule' },
          { key: 'count', label: 'Failures', format: 'int' },
        ]}
        href={ruleHref}
        empty="No validation failures."
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.validationByRule} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 24 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
            <YAxis type="category" dataKey="rule" width={140} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Bar
              dataKey="count"
              name="Failures"
              fill={colorAt(3)}
              cursor="pointer"
              onClick={(d) => open(ruleHref(d.payload as { rule: string }))}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartPanel>
    </>
  );
}

type ReviewerRow = ReviewThroughput['perReviewer'][number];
const REVIEW_COLUMNS: Column<ReviewerRow>[] = [
  { key: 'name', label: 'Reviewer' },
  { key: 'approved', label: 'Approved', format: 'int' },
  { key: 'edited', label: 'Edited', format: 'int' },
  { key: 'rejected', label: 'Rejected', format: 'int' },
  { key: 'total', label: 'Decisions', format: 'int' },
  { key: 'medianHours', label: 'Median time to decision', format: 'hours' },
];

export function ReviewPanel({ data, filters }: { data: ReviewThroughput; filters: DashboardFilters }) {
  const open = useOpen();
  const href = (r: ReviewerRow) => proposalsHref(filters, { reviewerId: r.reviewerId });
  const o = data.overall;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-6" data-testid="review-stats">
        <Stat label="Approved" value={String(o.approved)} />
        <Stat label="Edited" value={String(o.edited)} />
        <Stat label="Rejected" value={String(o.rejected)} />
        {/* Pending is a state, not an event: the date filters do not apply to it. */}
        <Stat label="Pending" value={String(o.pending)} hint="now, whatever the dates" />
        <Stat label="Stale" value={String(o.stale)} hint="pending now, card changed since" />
        <Stat label="Median to decision" value={o.medianHours === null ? '—' : `${o.medianHours.toFixed(1)} h`} />
      </dl>
      <ChartPanel
        id="review-per-reviewer"
        title="Decisions per reviewer"
        description="Click a bar for the reviewer's proposals."
        rows={data.perReviewer}
        columns={REVIEW_COLUMNS}
        href={href}
        empty="No review decisions yet."
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.perReviewer} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="name" tick={{ fontSize: 11 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {(['approved', 'edited', 'rejected'] as const).map((k, i) => (
              <Bar
                key={k}
                dataKey={k}
                name={k}
                stackId="d"
                fill={colorAt([1, 2, 3][i])}
                cursor="pointer"
                onClick={(d) => open(href(d.payload as ReviewerRow))}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartPanel>
    </div>
  );
}
