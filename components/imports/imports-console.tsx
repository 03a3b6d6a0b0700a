'use client';

import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { useServerList } from '@/components/ui/use-server-list';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { ErrorMessage } from '@/components/ui/error-message';
import type { Page } from '@/lib/http/pagination';
import type { ImportJobSummary } from '@/lib/import/import-jobs';
import { StatusBadge } from './import-report-view';
import { OtlpIngestion } from './otlp-ingestion';
import { UploadImports } from './upload-imports';

const PAGE_SIZE = 20;
/** The API query of a page of the list: only the page counts (the URL has no filters). */
const pageQuery = (page: number) => `page=${page}&pageSize=${PAGE_SIZE}`;

const count = (header: string, of: (j: ImportJobSummary) => number): ColumnDef<ImportJobSummary> => ({
  header,
  numeric: true,
  cell: of,
});

const COLUMNS: ColumnDef<ImportJobSummary>[] = [
  // A file name of any length is cut to one line (whole in the tooltip): the counts beside it stay in view.
  {
    header: 'File',
    cell: (j) => (
      <Link href={`/imports/${j.id}`} className="text-indigo-700 underline-offset-2 hover:underline">
        <UntrustedText text={j.fileName} clip="max-w-48 xl:max-w-xs" />
      </Link>
    ),
  },
  { header: 'Status', cell: (j) => <StatusBadge status={j.status} /> },
  { header: 'Source', cell: (j) => j.source.toLowerCase() },
  count('Records', (j) => j.recordsTotal),
  count('Imported', (j) => j.importedCount),
  count('Present', (j) => j.presentCount),
  count('Conflicts', (j) => j.conflictCount),
  count('Failed', (j) => j.failedCount),
  { header: 'By', cell: (j) => j.createdBy ?? 'command line' },
  { header: 'When', className: 'xl:whitespace-nowrap', cell: (j) => new Date(j.createdAt).toLocaleString() },
];

export function ImportsConsole({ initial, maxUploadMb }: { initial: Page<ImportJobSummary>; maxUploadMb: number }) {
  const qc = useQueryClient();
  const { live } = useLiveChannel(['imports'], [['imports']]);
  // The page lives in the URL (the server checked it and loaded `initial` for it): Back from a report returns to it.
  const { list, toPage } = useServerList({
    key: ['imports'],
    endpoint: '/api/imports',
    initial,
    initialQuery: pageQuery(initial.page),
    apiQuery: (params) => pageQuery(Number(params.get('page') ?? 1)),
    // While an import runs (here or from the CLI/API), its counts grow batch by batch: each batch is pushed
    // live (LISTEN/NOTIFY); polling while the live stream is down (slowly while it is up: active-refetch.ts).
    refetchInterval: (q) =>
      activeRefetchInterval(
        live,
        !!q.state.data?.items.some((j) => j.status === 'RUNNING' || j.status === 'QUEUED'),
        1000,
      ),
  });

  return (
    <div className="space-y-8">
      <UploadImports maxUploadMb={maxUploadMb} onChange={() => qc.invalidateQueries({ queryKey: ['imports'] })} />
      <section aria-labelledby="past-imports">
        <h2 id="past-imports" className="mb-2 text-lg font-medium">
          Past imports
        </h2>
        <ErrorMessage error={list.error} />
        {list.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading…
          </p>
        ) : list.data ? (
          <>
            {list.data.items.length ? (
              <DataTable label="Past imports" columns={COLUMNS} rows={list.data.items} />
            ) : (
              unlessPastEnd(
                list.data,
                <EmptyState title="No imports yet">
                  Upload a file above, call POST /api/imports with an API token, or run npm run import --
                  &lt;file|folder&gt;.
                </EmptyState>,
              )
            )}
            <Pager label="Import pages" of={list.data} noun="import" onPage={toPage} />
          </>
        ) : null}
      </section>
      <OtlpIngestion />
    </div>
  );
}
