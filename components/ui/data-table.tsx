import type { ComponentProps, ReactNode } from 'react';
import { ErrorMessage } from './error-message';

/**
 * One column of a list table: its header and how a row fills its cell. Padding
 * comes from the table's density; `className` adds what is the column's own
 * (width, wrapping, colour).
 */
export type ColumnDef<R> = {
  header: ReactNode;
  /** React key of the column; needed when `header` is not a string. */
  id?: string;
  cell: (row: R, index: number) => ReactNode;
  className?: string;
  headerClassName?: string;
  /** Right-aligned tabular figures (counts, versions). */
  numeric?: boolean;
  /** Attributes of a row's cell in this column: a test hook, a tooltip over the whole cell. */
  cellProps?: (row: R, index: number) => CellProps;
};

/** The last column of a row's own buttons: no header text, right-aligned. */
export function actionsColumn<R>(cell: ColumnDef<R>['cell']): ColumnDef<R> {
  return { header: '', id: 'actions', className: 'text-right', cell };
}

type DataAttributes = Record<`data-${string}`, string | number | boolean | undefined>;
/** Attributes of a cell (`data-*` test hooks, a `title`); its class comes from the column. */
export type CellProps = Omit<ComponentProps<'td'>, 'className' | 'children'> & DataAttributes;

/** Attributes of a row (`data-*` test hooks, a class): typed so `data-run-id` passes without a cast. */
export type RowProps = ComponentProps<'tr'> & DataAttributes;

/** Rows under a heading row of their own (`<tbody>` per group): problems of one file line. */
export type RowGroup<R> = { key: string; heading: ReactNode; rows: R[] };

/**
 * - `card`: a white panel of its own (list pages: cards, runs, reviews, audit).
 * - `bare`: inside a panel that already frames it (dashboard figures, issue lists).
 */
type Look = 'card' | 'bare';
type Density = 'normal' | 'compact' | 'tight';

const CELL: Record<Density, string> = { normal: 'px-3 py-2', compact: 'px-3 py-1.5', tight: 'px-2 py-1' };
// `relative`: the box is the containing block of screen-reader-only header text (absolutely positioned),
// which would otherwise be placed against the page and widen it at phone width.
const WRAP: Record<Look, string> = {
  card: 'relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200',
  bare: 'relative overflow-x-auto',
};
// A bare table fits its panel (cells wrap); a card table may grow wider than the page and scroll.
const TABLE: Record<Look, string> = { card: 'min-w-full divide-y divide-slate-200', bare: 'w-full' };
const HEAD: Record<Look, string> = { card: 'bg-slate-50', bare: '' };
// On the <th> itself: the browser's own bold for header cells wins over an inherited weight.
const TH: Record<Look, string> = { card: 'font-semibold', bare: 'font-medium' };

/** The row a keyboard list (j/k, `useListKeys`) has selected: highlighted, `aria-selected`, found by `data-row-index`. */
export type Selection = { index: number; onSelect: (index: number) => void };

function selectionProps(selection: Selection | undefined, i: number): RowProps {
  if (!selection) return {};
  const selected = i === selection.index;
  return {
    'data-row-index': i,
    'aria-selected': selected,
    onClick: () => selection.onSelect(i),
    className: selected
      ? 'bg-indigo-50/70 outline outline-2 -outline-offset-2 outline-indigo-400'
      : 'hover:bg-slate-50',
  };
}

const cellClass = (base: string, c: { className?: string; numeric?: boolean }, extra?: string) =>
  [base, c.numeric ? 'text-right tabular-nums' : '', c.className, extra].filter(Boolean).join(' ');

export type DataTableProps<R> = {
  columns: ColumnDef<R>[];
  /** `undefined` while the first page loads (shows `loading`); `[]` shows `empty`. */
  rows?: R[] | undefined;
  /** Instead of `rows`: groups of rows, each under its own heading row. */
  groups?: RowGroup<R>[];
  /** React key of a row; by default its `id` (else its position). */
  rowKey?: (row: R, index: number) => string;
  rowProps?: (row: R, index: number) => RowProps;
  selection?: Selection;
  /** The table's accessible name (`aria-label`). */
  label?: string;
  /** A visible caption (also the accessible name when `label` is not given). */
  caption?: ReactNode;
  testId?: string;
  look?: Look;
  density?: Density;
  /** Keep the header in view while the table scrolls inside a fixed-height box. */
  stickyHeader?: boolean;
  /** Extra classes of the scrolling box (e.g. a max height). */
  className?: string;
  tbodyClassName?: string;
  /** Test ids of a group's `<tbody>` and of its heading cell. */
  groupTestIds?: { group: string; heading: string };
  /** Shown above the table (a failed refetch keeps the rows it had). */
  error?: unknown;
  loading?: ReactNode;
  empty?: ReactNode;
  /** Inside the panel, under the table: a failed save of a row edited in place. */
  saveError?: unknown;
};

/** The one list table: header row, body (or groups), and the loading / empty / error states around it. */
export function DataTable<R>(props: DataTableProps<R>) {
  const { rows, groups, loading = 'Loading…', empty, error } = props;
  const status = error ? <ErrorMessage error={error} /> : null;
  if (!groups && rows === undefined)
    return (
      <>
        {status}
        <p className="text-sm text-slate-600">{loading}</p>
      </>
    );
  const count = groups ? groups.reduce((n, g) => n + g.rows.length, 0) : (rows?.length ?? 0);
  if (count === 0 && empty !== undefined)
    return (
      <>
        {status}
        {empty}
      </>
    );
  return (
    <>
      {status}
      <TableBox {...props} />
    </>
  );
}

const idOrIndex = (row: unknown, i: number) => {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : String(i);
};

function TableBox<R>({
  columns,
  rows = [],
  groups,
  rowKey = idOrIndex,
  rowProps,
  selection,
  label,
  caption,
  testId,
  look = 'card',
  density = 'normal',
  stickyHeader,
  className,
  tbodyClassName,
  groupTestIds,
  saveError,
}: DataTableProps<R>) {
  const cell = CELL[density];
  const renderRow = (row: R, i: number) => {
    const own = rowProps?.(row, i) ?? {};
    const sel = selectionProps(selection, i);
    const cls = [sel.className, own.className].filter(Boolean).join(' ') || undefined;
    return (
      <tr key={rowKey(row, i)} {...sel} {...own} className={cls}>
        {columns.map((c, ci) => (
          <td key={c.id ?? ci} {...c.cellProps?.(row, i)} className={cellClass(cell, c)}>
            {c.cell(row, i)}
          </td>
        ))}
      </tr>
    );
  };
  const body = `divide-y divide-slate-100 ${tbodyClassName ?? ''}`.trim();
  let index = 0;
  return (
    <div className={[WRAP[look], className].filter(Boolean).join(' ')}>
      <table className={`${TABLE[look]} text-left text-sm`} aria-label={label} data-testid={testId}>
        {caption ? (
          <caption className="px-3 py-2 text-left text-sm font-medium text-slate-700">{caption}</caption>
        ) : null}
        <thead
          className={[
            HEAD[look],
            'text-xs uppercase text-slate-600',
            stickyHeader ? `sticky top-0 ${look === 'card' ? '' : 'bg-white'}` : '',
          ]
            .filter(Boolean)
            .join(' ')}
        >
          <tr>
            {columns.map((c, ci) => (
              <th
                key={c.id ?? (typeof c.header === 'string' ? c.header : ci)}
                scope="col"
                className={cellClass(`${cell} ${TH[look]}`, { numeric: c.numeric, className: c.headerClassName })}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        {groups ? (
          groups.map((g, gi) => (
            // A key may come back later in the list (a new group): the position keeps React keys unique.
            <tbody key={`${gi}:${g.key}`} className="border-t border-slate-200" data-testid={groupTestIds?.group}>
              <tr>
                <th
                  colSpan={columns.length}
                  scope="rowgroup"
                  data-testid={groupTestIds?.heading}
                  className={`bg-slate-50 ${cell} text-left font-mono text-xs font-semibold text-slate-700`}
                >
                  {g.heading}
                </th>
              </tr>
              {g.rows.map((r) => renderRow(r, index++))}
            </tbody>
          ))
        ) : (
          <tbody className={body}>{rows.map(renderRow)}</tbody>
        )}
      </table>
      {saveError ? (
        <div className="p-3">
          <ErrorMessage error={saveError} />
        </div>
      ) : null}
    </div>
  );
}

/** Consecutive items that share a key, in order (a key that comes back later starts a new group). */
export function groupConsecutive<T>(items: T[], keyOf: (item: T) => string): { key: string; items: T[] }[] {
  const groups: { key: string; items: T[] }[] = [];
  for (const item of items) {
    const key = keyOf(item);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, items: [item] });
  }
  return groups;
}
