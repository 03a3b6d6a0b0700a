'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import { plural } from '@/lib/text/plural';
import type { OtlpIngestRow, UnassignedTraces } from '@/lib/otlp/list-ingestion';
import { taskHref } from '@/lib/trajectories/event-link';

const count = (header: string, of: (r: OtlpIngestRow) => number, testId?: string): ColumnDef<OtlpIngestRow> => ({
  header,
  numeric: true,
  cell: (r) => <span data-testid={testId}>{of(r).toLocaleString()}</span>,
});

const COLUMNS: ColumnDef<OtlpIngestRow>[] = [
  { header: 'Sender', cell: (r) => <UntrustedText text={r.label} clip="max-w-48 xl:max-w-xs" /> },
  count('Requests', (r) => r.requests),
  count('Traces', (r) => r.tracesReceived, 'otlp-traces'),
  count('Built', (r) => r.tracesBuilt, 'otlp-built'),
  count('Open', (r) => r.tracesOpen),
  count('Failed', (r) => r.tracesFailed),
  count('Spans accepted', (r) => r.spansAccepted, 'otlp-spans-accepted'),
  count('Rejected', (r) => r.spansRejected, 'otlp-spans-rejected'),
  {
    header: 'Latest problems',
    // Reasons quote what the sender sent (ids, span names): shown as text, never markup.
    cell: (r) =>
      r.recentRejections.length ? (
        <details>
          <summary className="cursor-pointer text-sm">
            <UntrustedText text={r.recentRejections[0].reason} clip="max-w-56 xl:max-w-sm" />
          </summary>
          <ul className="mt-1 space-y-1 text-xs text-slate-700">
            {r.recentRejections.map((x, i) => (
              <li key={i}>
                {new Date(x.at).toLocaleString()}: <UntrustedText text={x.reason} />
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <span className="text-slate-500">none</span>
      ),
  },
  {
    header: 'Last seen',
    className: 'xl:whitespace-nowrap',
    cell: (r) => new Date(r.lastSeenAt).toLocaleString(),
  },
];

/**
 * What instrumented agents send to POST /v1/traces, per API token, pushed live: each request
 * notifies the imports channel when it commits (lib/otlp/receive-traces.ts).
 */
export function OtlpIngestion() {
  const { live } = useLiveChannel(['imports'], [['otlp-ingestion']]);
  const list = useQuery({
    queryKey: ['otlp-ingestion'],
    queryFn: () => apiFetch<{ senders: OtlpIngestRow[]; unassigned: UnassignedTraces }>('/api/imports/otlp'),
    // Pushed while the live stream is up; polled while it is down.
    refetchInterval: live ? false : 5000,
  });
  return (
    <section aria-labelledby="otlp-ingestion" data-testid="otlp-ingestion">
      <h2 id="otlp-ingestion" className="mb-1 text-lg font-medium">
        Traces from instrumented agents (OTLP)
      </h2>
      <p className="mb-2 text-sm text-slate-600">
        Spans sent to <code>/v1/traces</code> become one trajectory per trace once the root span has ended (see
        docs/send-traces.md).
      </p>
      {list.data?.unassigned?.trajectories ? (
        <p className="mb-2 text-sm" data-testid="otlp-unassigned">
          <Link className="text-sky-700 underline" href={taskHref(list.data.unassigned.taskId)}>
            {plural(list.data.unassigned.trajectories, 'trace')} named no task
          </Link>{' '}
          (no <code>memory_console.task.id</code>): an admin re-assigns each from its trajectory page.
        </p>
      ) : null}
      <DataTable
        label="OTLP ingestion by sender"
        columns={COLUMNS}
        rows={list.data?.senders}
        rowKey={(r) => r.sourceKey}
        error={list.error}
        loading={<span role="status">Loading…</span>}
        empty={
          <EmptyState title="No traces received yet">
            Point an OpenTelemetry exporter at this console: OTEL_EXPORTER_OTLP_ENDPOINT set to its address and
            OTEL_EXPORTER_OTLP_HEADERS to &quot;Authorization=Bearer &lt;API token&gt;&quot;.
          </EmptyState>
        }
      />
    </section>
  );
}
