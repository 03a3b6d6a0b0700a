'use client';

import { useMutation } from '@tanstack/react-query';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { Select } from '@/components/ui/field';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import { checkpointLabel } from '@/lib/queue/checkpoint-label';
import type { QueueFacets, QueueItem } from '@/lib/queue/list-queue';
import { revealBidi } from '@/lib/text/reveal-bidi';
import { runDetail } from '@/lib/trajectories/run-label';
import { terminationText } from '@/lib/trajectories/termination';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

/** A failed run without a failed checkpoint result: diagnosed as a whole, with why it ended. */
function RunLevelCell({ item, runLevel }: { item: QueueItem; runLevel: NonNullable<QueueItem['runLevel']> }) {
  const why = terminationText(item.outcomeReason);
  return (
    <span data-testid="queue-run-level">
      <span className="rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-semibold text-amber-900 ring-1 ring-amber-200">
        whole run
      </span>
      {runLevel.k > 1 ? (
        <span className="ml-1 text-xs text-slate-600">
          {runLevel.submitted}/{runLevel.k} diagnoses
        </span>
      ) : null}
      <span className="block text-xs text-slate-600">
        {why ? <UntrustedText text={why} /> : 'Failed, but no checkpoint result failed'}
      </span>
    </span>
  );
}

export function QueueTable({
  items,
  isAdmin,
  meId,
  annotators,
  filterQuery,
  onChanged,
}: {
  items: QueueItem[];
  isAdmin: boolean;
  meId: string;
  annotators: QueueFacets['annotators'];
  filterQuery: string;
  onChanged: () => void;
}) {
  const assign = useMutation({
    mutationFn: (b: { trajectoryId: string; userId: string }) =>
      apiFetch('/api/queue/assign', { method: 'POST', json: b }),
    onSuccess: onChanged,
  });
  const release = useMutation({
    mutationFn: (trajectoryId: string) => apiFetch('/api/queue/release', { method: 'POST', json: { trajectoryId } }),
    // Also on a refusal: a claim already gone (409 NOT_CLAIMED, said above the table) leaves a stale row otherwise.
    onSettled: onChanged,
  });
  const href = (trajectoryId: string) => trajectoryEventHref(trajectoryId, null, { carry: filterQuery });
  const columns: ColumnDef<QueueItem>[] = [
    {
      header: 'Task',
      className: 'max-w-xs xl:max-w-md',
      cell: (it) => (
        <>
          {/* Imported text (ids, instruction, model, agent, checkpoint keys): bidi controls shown as markers. */}
          <div className="font-mono text-xs text-slate-600">
            <UntrustedText text={it.benchmark} /> · <UntrustedText text={it.taskExternalId} />
            {it.ability ? (
              <>
                {' · '}
                <UntrustedText text={it.ability} />
              </>
            ) : null}
          </div>
          {/* The instruction opens the item too: on narrow screens the Open column is scrolled out of view. */}
          <Link
            href={href(it.trajectoryId)}
            className="block truncate text-slate-900 hover:text-indigo-700 hover:underline"
            title={revealBidi(it.instruction)}
          >
            <UntrustedText text={it.instruction} />
          </Link>
        </>
      ),
    },
    {
      header: 'Model',
      cell: (it) => (
        <>
          <UntrustedText text={it.model} className="font-medium" />
          {/* Two agents on one model, or two trials, look identical without this. */}
          {runDetail(it) ? (
            <UntrustedText text={runDetail(it)} className="block text-xs text-slate-600" testId="queue-run" />
          ) : null}
          {/* The run scored as passed yet has failed checkpoints: said, so the row does not read as a failed run. */}
          {it.passed ? (
            <span
              data-testid="queue-run-passed"
              className="mt-0.5 inline-block rounded bg-emerald-50 px-1.5 py-0.5 text-[11px] font-medium text-emerald-800 ring-1 ring-emerald-200"
            >
              run passed
            </span>
          ) : null}
        </>
      ),
    },
    {
      header: 'Awaiting diagnosis',
      cell: (it) =>
        it.runLevel ? (
          <RunLevelCell item={it} runLevel={it.runLevel} />
        ) : (
          <>
            <span className="font-semibold">{it.pendingCount}</span>/{it.failedCount}{' '}
            <span className="font-mono text-xs text-slate-600" data-testid="queue-checkpoints">
              <UntrustedText text={it.failedCheckpoints.map(checkpointLabel).join(', ')} />
            </span>
          </>
        ),
    },
    {
      header: 'Claimed by',
      className: 'text-xs',
      cellProps: () => ({ 'data-testid': 'queue-claim' }),
      cell: (it) =>
        it.claim ? (
          <span>
            {it.claim.userId === meId ? 'you' : it.claim.userName}
            {it.claim.assignedBy ? ` (assigned by ${it.claim.assignedBy})` : ''}
            <br />
            <span className="text-slate-500">until {new Date(it.claim.expiresAt).toLocaleTimeString()}</span>
          </span>
        ) : (
          <span className="text-slate-500">unclaimed</span>
        ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'space-x-2 whitespace-nowrap text-right',
      cell: (it) => (
        <>
          <Link href={href(it.trajectoryId)} className="text-sm font-medium text-indigo-700 hover:underline">
            Open
          </Link>
          {isAdmin ? (
            <Select
              aria-label={`Assign ${it.model} on ${it.taskExternalId}`}
              value=""
              className="!mt-0 inline-block !w-36"
              onChange={(e) =>
                e.target.value && assign.mutate({ trajectoryId: it.trajectoryId, userId: e.target.value })
              }
            >
              <option value="">Assign to…</option>
              {annotators.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </Select>
          ) : null}
          {it.claim && (isAdmin || it.claim.userId === meId) ? (
            <Button variant="ghost" onClick={() => release.mutate(it.trajectoryId)}>
              Release
            </Button>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <DataTable
      label="Queue items"
      columns={columns}
      rows={items}
      rowKey={(it) => it.trajectoryId}
      rowProps={(it) => ({ 'data-testid': `queue-row-${it.trajectoryId}` })}
      error={assign.error ?? release.error}
    />
  );
}
