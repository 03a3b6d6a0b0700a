import { DataTable, type ColumnDef, type RowGroup } from './data-table';

/** One located problem: what kind (a rule, "invalid", "warning"), which field, and why. Rendered as text. */
export type Issue = { kind: string; field: string | null; message: string; tone?: 'error' | 'warning' };

type Props = {
  /** Headers of the kind and message columns ("Rule" / "Message", "Kind" / "Reason"); the field column is "Field". */
  headers: readonly [kind: string, message: string];
  label?: string;
  testIds?: { table?: string; row?: string; group?: string; heading?: string };
  /** Classes of every row (e.g. the colour of a list that holds errors only). */
  rowClassName?: string;
} & ({ issues: Issue[]; groups?: undefined } | { groups: RowGroup<Issue>[]; issues?: undefined });

const columns = (headers: Props['headers']): ColumnDef<Issue>[] => [
  {
    header: headers[0],
    className: 'font-medium',
    cell: (i) => <span className={i.tone === 'warning' ? 'text-amber-800' : ''}>{i.kind}</span>,
  },
  { header: 'Field', className: 'font-mono text-xs', cell: (i) => i.field ?? '' },
  { header: headers[1], cell: (i) => i.message },
];

/** The problems of a proposal's validation or of an import, as kind · field · message rows (grouped by location when given groups). */
export function IssueList({ issues, groups, headers, label, testIds = {}, rowClassName = '' }: Props) {
  return (
    <DataTable
      columns={columns(headers)}
      rows={issues}
      groups={groups}
      groupTestIds={groups ? { group: testIds.group ?? '', heading: testIds.heading ?? '' } : undefined}
      label={label}
      testId={testIds.table}
      look="bare"
      density="tight"
      rowKey={(_i, n) => String(n)}
      rowProps={() => ({ className: `align-top ${rowClassName}`.trim(), 'data-testid': testIds.row })}
    />
  );
}
