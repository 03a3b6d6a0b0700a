'use client';

import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, TextInput } from '@/components/ui/field';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import type { TaskListItem } from '@/lib/tasks/list-tasks';

const SHOWN = 8;

/**
 * Finds an existing task through the task list API (GET /api/tasks: a benchmark, exactly, and part of
 * the task id) and lets the user choose one: a radio group, so arrow keys move between the matches.
 * `onPick` gets the task's console id. The unassigned OTLP task is never offered: nothing moves onto it.
 */
export function TaskPicker({
  value,
  onPick,
  exclude,
}: {
  value: string;
  onPick: (taskId: string) => void;
  exclude?: { benchmark: string; externalId: string };
}) {
  const [benchmark, setBenchmark] = useState('');
  const [search, setSearch] = useState('');
  const query = useDeferredValue({ benchmark: benchmark.trim(), taskId: search.trim() });
  const asked = Boolean(query.benchmark || query.taskId);
  const tasks = useQuery({
    queryKey: ['task-picker', query],
    enabled: asked,
    queryFn: () => {
      const params = new URLSearchParams({ pageSize: String(SHOWN + 1) });
      if (query.benchmark) params.set('benchmark', query.benchmark);
      if (query.taskId) params.set('taskId', query.taskId);
      return apiFetch<{ items: TaskListItem[]; total: number }>(`/api/tasks?${params}`);
    },
  });
  const items = (tasks.data?.items ?? [])
    .filter((t) => !(exclude && t.benchmark === exclude.benchmark && t.externalId === exclude.externalId))
    .slice(0, SHOWN);
  return (
    <div className="flex w-full flex-col gap-2" data-testid="task-picker">
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Benchmark (exact)" className="min-w-40">
          <TextInput value={benchmark} onChange={(e) => setBenchmark(e.target.value)} placeholder="any" />
        </Field>
        <Field label="Task id contains" className="min-w-48">
          <TextInput value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. airline/12" />
        </Field>
      </div>
      {!asked ? (
        <p className="text-slate-600">Type a benchmark or part of a task id to find the task.</p>
      ) : tasks.isError ? (
        <ErrorMessage error={tasks.error} />
      ) : tasks.isPending ? (
        <p role="status">Searching tasks…</p>
      ) : !items.length ? (
        <p role="status" className="text-slate-600">
          No task matches. Check the benchmark&apos;s spelling, or name a new task by benchmark and id instead.
        </p>
      ) : (
        <fieldset className="rounded border border-slate-200 bg-white p-2">
          <legend className="px-1 text-xs text-slate-600">
            Matching tasks{(tasks.data?.total ?? 0) > SHOWN ? ` (first ${SHOWN} of ${tasks.data!.total})` : ''}
          </legend>
          <ul className="space-y-1">
            {items.map((t) => (
              <li key={t.id}>
                <label className="flex cursor-pointer items-baseline gap-2">
                  <input
                    type="radio"
                    name="reassign-task"
                    value={t.id}
                    checked={value === t.id}
                    onChange={() => onPick(t.id)}
                  />
                  <span className="font-medium">
                    <UntrustedText text={`${t.benchmark} / ${t.externalId}`} />
                  </span>
                  <UntrustedText text={t.instructionExcerpt} clip="max-w-md text-slate-600" />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
