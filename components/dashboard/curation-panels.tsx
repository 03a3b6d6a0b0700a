'use client';

import { Tooltip } from 'recharts';
import type { Curation } from '@/lib/dashboard/curation';
import { filterParams, type DashboardFilters } from '@/lib/dashboard/filter-schema';
import { OPERATIONS } from '@/lib/dashboard/operations';
import type { ReviewThroughput } from '@/lib/dashboard/review-throughput';
import { categoryAxis, ChartFrame, COUNT_AXIS, LEGEND, seriesBars } from './chart-frame';
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

/** The two operation-mix charts: by week of creation and by bank; a bar's key is the drill-down's filter of the same name. */
const OPERATION_CHARTS = {
  week: {
    title: 'Curator operations per week',
    description: 'Proposals by operation, week of creation. Click a segment for those proposals.',
    label: 'Week',
  },
  bank: {
    title: 'Curator operations per bank',
    description: 'Skill banks by ability; function cards are one global bank.',
    label: 'Bank',
  },
};

function OperationBars<K extends keyof typeof OPERATION_CHARTS, R extends { total: number } & Record<K, string>>({
  by,
  rows,
  filters,
}: {
  by: K;
  rows: R[];
  filters: DashboardFilters;
}) {
  const open = useOpen();
  const { title, description, label } = OPERATION_CHARTS[by];
  const link = (r: R, extra: Record<string, string> = {}) => proposalsHref(filters, { [by]: r[by], ...extra });
  return (
    <ChartPanel
      id={`curation-per-${by}`}
      title={title}
      description={description}
      rows={rows}
      columns={opColumns<R>({ key: by, label })}
      href={(r) => link(r)}
    >
      <ChartFrame data={rows}>
        {categoryAxis(by)}
        {COUNT_AXIS}
        <Tooltip />
        {LEGEND}
        {OPERATIONS.flatMap((op, i) =>
          seriesBars([{ key: op, name: OP_LABEL[op], stack: 'ops', color: colorAt(i) }], (r: R) =>
            open(link(r, { operation: op })),
          ),
        )}
      </ChartFrame>
    </ChartPanel>
  );
}

export function CurationPanels({ data, filters }: { data: Curation; filters: DashboardFilters }) {
  const open = useOpen();
  const ruleHref = (r: { rule: string }) => proposalsHref(filters, { rule: r.rule });
  return (
    <>
      <OperationBars by="week" rows={data.perWeek} filters={filters} />
      <OperationBars by="bank" rows={data.perBank} filters={filters} />
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
        <ChartFrame data={data.validationByRule} vertical={{ categoryKey: 'rule' }}>
          <Tooltip />
          {seriesBars([{ key: 'count', name: 'Failures', color: colorAt(3) }], (r: { rule: string }) =>
            open(ruleHref(r)),
          )}
        </ChartFrame>
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
        <ChartFrame data={data.perReviewer}>
          {categoryAxis('name')}
          {COUNT_AXIS}
          <Tooltip />
          {LEGEND}
          {seriesBars(
            (['approved', 'edited', 'rejected'] as const).map((k, i) => ({
              key: k,
              name: k,
              stack: 'd',
              color: colorAt(i + 1),
            })),
            (r: ReviewerRow) => open(href(r)),
          )}
        </ChartFrame>
      </ChartPanel>
    </div>
  );
}
