import { csvCell } from '@/lib/text/csv';

/** Columns of a dashboard table: the same definition renders the table view and the CSV, so the two cannot disagree. */
export type ColumnFormat = 'text' | 'int' | 'pct' | 'kb' | 'hours' | 'date';
export type Column<R> = { key: keyof R & string; label: string; format?: ColumnFormat };
export type Cell = string | number | boolean | null | undefined;

/** Human text of a cell for the table view. */
export function formatCell(value: Cell, format: ColumnFormat = 'text'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'number') return String(value);
  switch (format) {
    case 'pct':
      return `${(value * 100).toFixed(1)}%`;
    case 'kb':
      return `${value.toFixed(1)} KB`;
    case 'hours':
      return `${value.toFixed(1)} h`;
    case 'int':
      return value.toLocaleString('en-US');
    default:
      return String(value);
  }
}

/** CSV value: raw numbers (rates as 0–1 fractions, 4 decimals) so a spreadsheet can compute with them. */
function csvValue(value: Cell, format: ColumnFormat = 'text'): string {
  if (typeof value === 'number' && (format === 'pct' || format === 'hours' || format === 'kb'))
    return csvCell(Math.round(value * 10000) / 10000);
  return csvCell(value);
}

export function toCsv<R>(columns: Column<R>[], rows: R[]): string {
  const head = columns.map((c) => csvValue(c.label)).join(',');
  const body = rows.map((r) => columns.map((c) => csvValue(r[c.key] as Cell, c.format)).join(','));
  return [head, ...body].join('\n') + '\n';
}

/** Saves `csv` as `<name>.csv` through a temporary link (browser only). */
export function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
