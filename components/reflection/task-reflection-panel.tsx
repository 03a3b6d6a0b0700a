'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { CreatedRun } from '@/lib/reflection/create-run';
import { DEFAULT_SETTINGS, ReflectionSettingsFields, type SettingsValue } from './reflection-settings-fields';
import { isActiveStatus, ProviderLabel, RunStatusBadge } from './run-status-badge';
import { useRunSummaries } from './use-run-summaries';
import { plural } from '@/lib/text/plural';

/**
 * Reflection controls on a task's contrast page: settings, "Run reflection",
 * and this task's latest runs updating live (queued → running → done/failed)
 * with a link to each run. Roles that cannot run reflection see nothing here.
 */
export function TaskReflectionPanel({ taskId, canRun }: { taskId: string; canRun: boolean }) {
  const qc = useQueryClient();
  const [settings, setSettings] = useState<SettingsValue>(DEFAULT_SETTINGS);
  const runs = useRunSummaries({ taskId, limit: 5 }, canRun);
  const create = useMutation({
    mutationFn: () =>
      apiFetch<{ run: CreatedRun }>('/api/reflection/runs', { method: 'POST', json: { taskId, settings } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reflection', 'summaries', { taskId, limit: 5 }] }),
  });
  if (!canRun) return null;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate();
  }
  const busy = create.isPending || runs.data?.some((r) => isActiveStatus(r.status));

  return (
    <section
      aria-labelledby="reflection-heading"
      className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="reflection-heading" className="text-base font-semibold">
          Reflection
        </h2>
        <Link href={`/runs?taskId=${encodeURIComponent(taskId)}`} className="text-sm text-indigo-700 hover:underline">
          All runs of this task
        </Link>
      </div>
      <form onSubmit={onSubmit} className="space-y-3" aria-label="Run reflection">
        <ReflectionSettingsFields value={settings} onChange={setSettings} idPrefix={`reflect-${taskId}`} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Queuing…' : 'Run reflection'}
          </Button>
          {busy && !create.isPending ? (
            <span className="text-sm text-slate-600">A run is in progress; its status updates here.</span>
          ) : null}
        </div>
        <ErrorMessage error={create.error} />
      </form>
      <div>
        <h3 className="mb-2 text-sm font-medium text-slate-700">Latest runs</h3>
        {runs.isLoading ? (
          <p className="text-sm text-slate-600">Loading runs…</p>
        ) : runs.error ? (
          <ErrorMessage error={runs.error} />
        ) : !runs.data?.length ? (
          <p className="text-sm text-slate-600">No reflection run for this task yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="task-runs">
            {runs.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-run-id={r.id}>
                <RunStatusBadge status={r.status} />
                <ProviderLabel provider={r.provider} model={r.model} />
                <span className="text-slate-600">{new Date(r.createdAt).toLocaleString()}</span>
                {r.status === 'SUCCEEDED' ? <span>{plural(r.pendingProposals, 'proposal')} pending review</span> : null}
                {r.status === 'FAILED' && r.error ? <span className="text-rose-700">{r.error}</span> : null}
                <Link href={`/runs/${r.id}`} className="ml-auto font-medium text-indigo-700 hover:underline">
                  Open run
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
