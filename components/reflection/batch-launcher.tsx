'use client';

import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { BatchResult, CreatedRun } from '@/lib/reflection/create-run';
import type { BatchProgress } from '@/lib/reflection/run-status';
import { RUNS_KEY } from './runs-list';
import { DEFAULT_SETTINGS, ReflectionSettingsFields, type SettingsValue } from './reflection-settings-fields';
import { POLL_MS } from './use-run-summaries';
import { plural } from '@/lib/text/plural';

export const BATCHES_KEY = ['reflection', 'batches'];

/**
 * Start reflection for every task with new submitted diagnoses (or build
 * function cards), then watch batch progress live.
 */
export function BatchLauncher() {
  const qc = useQueryClient();
  const [settings, setSettings] = useState<SettingsValue>(DEFAULT_SETTINGS);
  const [notice, setNotice] = useState<string | null>(null);
  const batch = useMutation({
    mutationFn: () =>
      apiFetch<BatchResult>('/api/reflection/batches', { method: 'POST', json: { mode: 'new-diagnoses', settings } }),
    onSuccess: (r) => {
      setNotice(
        r.runs.length
          ? `Queued ${plural(r.runs.length, 'run')}.`
          : 'No task has diagnoses submitted since its last successful run.',
      );
      qc.invalidateQueries({ queryKey: BATCHES_KEY });
      qc.invalidateQueries({ queryKey: RUNS_KEY });
    },
  });
  const cards = useMutation({
    mutationFn: () =>
      apiFetch<{ run: CreatedRun }>('/api/reflection/function-cards', {
        method: 'POST',
        json: { provider: settings.provider },
      }),
    onSuccess: () => {
      setNotice('Queued a function-card run.');
      qc.invalidateQueries({ queryKey: RUNS_KEY });
    },
  });

  return (
    <section
      aria-labelledby="batch-heading"
      className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="batch-heading" className="text-base font-semibold">
        Run for many tasks
      </h2>
      <ReflectionSettingsFields value={settings} onChange={setSettings} idPrefix="batch" />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => batch.mutate()} disabled={batch.isPending}>
          {batch.isPending ? 'Queuing…' : 'Reflect on every task with new diagnoses'}
        </Button>
        <Button variant="secondary" onClick={() => cards.mutate()} disabled={cards.isPending}>
          {cards.isPending ? 'Queuing…' : 'Build / refresh function cards'}
        </Button>
        {notice ? (
          <span role="status" className="text-sm text-slate-600">
            {notice}
          </span>
        ) : null}
      </div>
      <ErrorMessage error={batch.error ?? cards.error} />
      <BatchProgressList />
    </section>
  );
}

function BatchProgressList() {
  const { live } = useLiveChannel(['batches'], [BATCHES_KEY]);
  const batches = useQuery({
    queryKey: BATCHES_KEY,
    queryFn: () => apiFetch<{ batches: BatchProgress[] }>('/api/reflection/batches').then((r) => r.batches),
    staleTime: 0,
    refetchInterval: (q) => activeRefetchInterval(live, !!q.state.data?.some((b) => !b.done), POLL_MS),
  });
  if (batches.error) return <ErrorMessage error={batches.error} />;
  if (!batches.data?.length) return null;
  return (
    <ul className="space-y-2 text-sm" aria-label="Recent batches">
      {batches.data.map((b) => {
        const finished = b.byStatus.SUCCEEDED + b.byStatus.FAILED + b.byStatus.CANCELLED;
        return (
          <li key={b.batchId} data-testid="batch-progress" data-batch-id={b.batchId}>
            <div className="flex flex-wrap justify-between gap-2 text-slate-600">
              <span>Batch of {new Date(b.createdAt).toLocaleString()}</span>
              <span>
                {finished}/{b.total} finished · {b.byStatus.RUNNING} running · {b.byStatus.QUEUED} queued ·{' '}
                {b.byStatus.FAILED} failed
              </span>
            </div>
            <progress
              className="h-2 w-full"
              max={b.total}
              value={finished}
              aria-label={`Batch progress ${finished} of ${b.total}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
