'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatCell, toCsv, type Cell, type Column } from './table-format';

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

function download(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A dashboard figure: chart or table view of the same rows, a CSV download of them, and links to the list behind each row. */
export function ChartPanel<R>({ id, title, description, rows, columns, href, children, empty = 'No data for these filters.' }: Props<R>) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <section aria-labelledby={`${id}-title`} data-testid={`panel-${id}`} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">{title}</h2>
          {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
        </div>
        {rows.length ? (
          <div className="flex items-center gap-1" role="group" aria-label={`${title}: view`}>
            <Button variant={view === 'chart' ? 'secondary' : 'ghost'} aria-pressed={view === 'chart'} onClick={() => setView('chart')}>Chart</Button>
            <Button variant={view === 'table' ? 'secondary' : 'ghost'} aria-pressed={view === 'table'} onClick={() => setView('table')}>Table</Button>
            <Button variant="ghost" onClick={() => download(id, toCsv(columns, rows))}>Download CSV</Button>
          </div>
        ) : null}
      </div>
      {!rows.length ? (
        <p className="py-8 text-center text-sm text-slate-500">{empty}</p>
      ) : view === 'chart' ? (
        <div className="h-64 w-full">{children}</div>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-left text-sm" data-testid={`table-${id}`}>
            <thead className="sticky top-0 bg-white text-xs uppercase text-slate-500">
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className="px-2 py-1 font-medium">{c.label}</th>
                ))}
                {href ? <th scope="col" className="px-2 py-1"><span className="sr-only">List</span></th> : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.key} className={`px-2 py-1 ${c.format && c.format !== 'text' ? 'tabular-nums' : ''}`}>{formatCell(r[c.key] as Cell, c.format)}</td>
                  ))}
                  {href ? (
                    <td className="px-2 py-1 text-right"><Link href={href(r)} className="text-indigo-700 underline">List</Link></td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
