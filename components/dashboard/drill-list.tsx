import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LinkPagedTable } from '@/components/ui/link-paged-table';
import { PageHeader } from '@/components/ui/page-header';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { Page } from '@/lib/http/pagination';

/**
 * The page of a list behind a dashboard point: what the point is (`described`, from the link: imported
 * and curator text, so untrusted), the way back to the dashboard with its filters, and the list.
 */
export function DrillHeader({
  title,
  described,
  all,
  back,
}: {
  title: string;
  described: string;
  all: string;
  back: string;
}) {
  return (
    <PageHeader
      title={title}
      description={described ? <UntrustedText text={described} /> : all}
      actions={
        <Link href={back} className="text-sm text-indigo-700 underline">
          Back to the dashboard
        </Link>
      }
    />
  );
}

/** The list of a dashboard point, numbered pages at `path`; `noun`: one row, and many. */
export function DrillTable<R extends { id: string }>({
  path,
  noun,
  columns,
  page,
  params,
}: {
  path: string;
  noun: [string, string];
  columns: ColumnDef<R>[];
  page: Page<R>;
  params: Record<string, string>;
}): ReactNode {
  const [one, many] = noun;
  return (
    <LinkPagedTable
      testId={`drill-${many}`}
      columns={columns}
      page={page}
      params={params}
      pager={{ label: `${one[0].toUpperCase()}${one.slice(1)} pages`, noun, path }}
      empty={<EmptyState title={`No ${one} matches`}>Go back to the dashboard and pick another point.</EmptyState>}
    />
  );
}
