'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { PreviewTask } from '@/lib/releases/preview-retrieval';

/** Search imported tasks by benchmark task id or instruction words; picking one fills the form. */
export function TaskPicker({ onPick }: { onPick: (t: PreviewTask) => void }) {
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const tasks = useQuery({
    queryKey: ['retrieval', 'tasks', debounced],
    queryFn: () => apiFetch<{ items: PreviewTask[] }>(`/api/retrieve/tasks?q=${encodeURIComponent(debounced)}`),
    enabled: debounced.length > 0,
  });
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium text-slate-700">
        Pick an imported task
        <TextInput
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Task id (mail/1) or words of the instruction"
          aria-label="Search tasks"
        />
      </label>
      <ErrorMessage error={tasks.error} />
      {debounced && tasks.isPending ? <p className="text-xs text-slate-600">Searching…</p> : null}
      {tasks.data && tasks.data.items.length === 0 ? (
        <p className="text-xs text-slate-600">No task matches “{debounced}”.</p>
      ) : null}
      {tasks.data?.items.length ? (
        <ul
          className="max-h-48 divide-y divide-slate-100 overflow-auto rounded border border-slate-200 bg-white text-sm"
          aria-label="Matching tasks"
        >
          {tasks.data.items.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="block w-full px-3 py-1.5 text-left hover:bg-indigo-50 focus:bg-indigo-50 focus:outline-none"
                onClick={() => {
                  onPick(t);
                  setQ('');
                  setDebounced('');
                }}
              >
                <span className="font-mono text-xs text-slate-600">
                  {t.benchmark} · {t.externalId}
                </span>
                {t.split === 'HELDOUT' ? (
                  <span className="ml-2 rounded bg-amber-100 px-1 text-[10px] text-amber-800">held-out</span>
                ) : null}
                <span className="block truncate text-slate-800">{t.instruction}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
