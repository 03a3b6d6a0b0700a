'use client';

import { useLiveChannel } from '@/components/live/use-live-channel';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';
import type { ImportJobSummary } from '@/lib/import/import-jobs';
import { StatusBadge } from './import-report-view';
import { UploadImports } from './upload-imports';
import { plural } from '@/lib/text/plural';

const PAGE_SIZE = 20;

export function ImportsConsole({ initial, maxUploadMb }: { initial: Page<ImportJobSummary>; maxUploadMb: number }) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const { live } = useLiveChannel(['imports'], [['imports']]);
  const list = useQuery({
    queryKey: ['imports', page],
    queryFn: () => apiFetch<Page<ImportJobSummary>>(`/api/imports?page=${page}&pageSize=${PAGE_SIZE}`),
    initialData: page === 1 ? initial : undefined,
    // Keep the current page (and the pager the user is focused on) on screen while the next one loads.
    placeholderData: keepPreviousData,
    // While an import runs (here or from the CLI/API), its counts grow batch by batch: each batch is pushed
    // live (LISTEN/NOTIFY); polling only while the live stream is down.
    refetchInterval: (q) => (!live && q.state.data?.items.some((j) => j.status === 'RUNNING' || j.status === 'QUEUED') ? 1000 : false),
  });

  return (
    <div className="space-y-8">
      <UploadImports maxUploadMb={maxUploadMb} onChange={() => qc.invalidateQueries({ queryKey: ['imports'] })} />
      <section aria-labelledby="past-imports">
        <h2 id="past-imports" className="mb-2 text-lg font-medium">Past imports</h2>
        <ErrorMessage error={list.error} />
        {list.isPending ? (
          <p role="status" className="text-sm text-slate-500">Loading…</p>
        ) : list.data && list.data.items.length === 0 ? (
          <EmptyState title="No imports yet">Upload a file above, call POST /api/imports with an API token, or run npm run import -- &lt;file|folder&gt;.</EmptyState>
        ) : list.data ? (
          <>
            <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
                  <tr>
                    <th className="px-3 py-2">File</th><th className="px-3 py-2">Status</th><th className="px-3 py-2">Source</th>
                    <th className="px-3 py-2 text-right">Records</th><th className="px-3 py-2 text-right">Imported</th><th className="px-3 py-2 text-right">Present</th>
                    <th className="px-3 py-2 text-right">Conflicts</th><th className="px-3 py-2 text-right">Failed</th>
                    <th className="px-3 py-2">By</th><th className="px-3 py-2">When</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.data.items.map((j) => (
                    <tr key={j.id}>
                      <td className="px-3 py-2"><Link href={`/imports/${j.id}`} className="text-indigo-700 underline-offset-2 hover:underline">{j.fileName}</Link></td>
                      <td className="px-3 py-2"><StatusBadge status={j.status} /></td>
                      <td className="px-3 py-2">{j.source.toLowerCase()}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{j.recordsTotal}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{j.importedCount}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{j.presentCount}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{j.conflictCount}</td>
                      <td className="px-3 py-2 text-right tabular-nums">{j.failedCount}</td>
                      <td className="px-3 py-2">{j.createdBy ?? 'command line'}</td>
                      <td className="px-3 py-2 xl:whitespace-nowrap">{new Date(j.createdAt).toLocaleString()}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <nav aria-label="Import pages" className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <span>{plural(list.data.total, 'import')} · page {list.data.page} of {list.data.pageCount}</span>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>Previous</Button>
              <Button variant="secondary" disabled={page >= list.data.pageCount} onClick={() => setPage((p) => p + 1)}>Next</Button>
            </nav>
          </>
        ) : null}
      </section>
    </div>
  );
}
