'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { downloadCsv, formatCell, toCsv, type Cell, type Column } from './table-format';

type Props<R> = {
  id: string;
  title: string;
  description?: ReactNode;
  rows: R[];
  columns: Column<R>[];
  /** The list behind a row (or a chart point): trajectories, proposals, queue items. */
  href?: (row: R) => string;
  /** The chart; the panel shows it unless the reader switched to the table. */
  children: ReactNode;
  empty?: string;
};

/** The table view: a column per CSV column, formatted for reading, and a "List" link per row when there is a list behind it. */
function tableColumns<R>(columns: Column<R>[], href?: (row: R) => string): ColumnDef<R>[] {
  const cells: ColumnDef<R>[] = columns.map((c) => ({
    id: c.key,
    header: c.label,
    className: c.format && c.format !== 'text' ? 'tabular-nums' : '',
    cell: (r) => formatCell(r[c.key] as Cell, c.format),
  }));
  if (!href) return cells;
  return [
    ...cells,
    {
      id: 'list',
      header: <span className="sr-only">List</span>,
      className: 'text-right',
      cell: (r) => (
        <Link href={href(r)} className="text-indigo-700 underline">
          List
        </Link>
      ),
    },
  ];
}

const VIEWS = [
  ['chart', 'Chart'],
  ['table', 'Table'],
] as const;

/** A dashboard figure: chart or table view of the same rows, a CSV download of them, and links to the list behind each row. */
export function ChartPanel<R>({
  id,
  title,
  description,
  rows,
  columns,
  href,
  children,
  empty = 'No data for these filters.',
}: Props<R>) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`panel-${id}`}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-xs text-slate-600">{description}</p> : null}
        </div>
        {rows.length ? (
          <div className="flex items-center gap-1" role="group" aria-label={`${title}: view`}>
            {VIEWS.map(([v, label]) => (
              <Button
                key={v}
                variant={view === v ? 'secondary' : 'ghost'}
                aria-pressed={view === v}
                onClick={() => setView(v)}
              >
                {label}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => downloadCsv(id, toCsv(columns, rows))}>
              Download CSV
            </Button>
          </div>
        ) : null}
      </div>
      {!rows.length ? (
        <p className="py-8 text-center text-sm text-slate-600">{empty}</p>
      ) : view === 'chart' ? (
        <div className="h-64 w-full">{children}</div>
      ) : (
        <DataTable
          testId={`table-${id}`}
          look="bare"
          density="tight"
          stickyHeader
          className="max-h-80 overflow-auto"
          columns={tableColumns(columns, href)}
          rows={rows}
          rowKey={(_r, i) => String(i)}
        />
      )}
    </section>
  );
}
