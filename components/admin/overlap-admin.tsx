'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button, SubmitButton } from '@/components/ui/button';
import { actionsColumn, DataTable, type ColumnDef } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, pairs, SelectField, TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { listOverlapSettings } from '@/lib/queue/overlap';

type Data = Awaited<ReturnType<typeof listOverlapSettings>>;
const KEY = ['admin', 'overlap'];

/** Overlap k per benchmark/ability: how many annotators diagnose each failed checkpoint. */
export function OverlapAdmin({ initial }: { initial: Data }) {
  const qc = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: () => apiFetch<Data>('/api/admin/overlap'), initialData: initial });
  const [benchmark, setBenchmark] = useState(initial.scopes[0]?.benchmark ?? '');
  const [ability, setAbility] = useState('');
  const [k, setK] = useState('2');
  const save = useMutation({
    mutationFn: (body: { benchmark: string; ability: string; k: number }) =>
      apiFetch('/api/admin/overlap', { method: 'PUT', json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const abilities = q.data.scopes.find((s) => s.benchmark === benchmark)?.abilities ?? [];
  const columns: ColumnDef<Data['settings'][number]>[] = [
    { header: 'Benchmark', cell: (s) => s.benchmark },
    { header: 'Ability', cell: (s) => s.ability || 'every ability' },
    { header: 'k', cell: (s) => s.k, className: 'tabular-nums' },
    actionsColumn((s) => (
      <Button
        variant="ghost"
        disabled={save.isPending}
        onClick={() => save.mutate({ benchmark: s.benchmark, ability: s.ability, k: 1 })}
      >
        Reset to 1
      </Button>
    )),
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ benchmark, ability, k: Number(k) });
  };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div>
        <DataTable
          label="Overlap settings"
          columns={columns}
          rows={q.data.settings}
          empty={
            <EmptyState title="Every checkpoint is diagnosed once (k = 1)">
              Set k above 1 for a benchmark to have several annotators diagnose the same checkpoints and measure their
              agreement.
            </EmptyState>
          }
        />
      </div>
      <form
        onSubmit={submit}
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label="Set overlap"
      >
        <h2 className="text-sm font-semibold text-slate-900">Set overlap k</h2>
        <SelectField
          label="Benchmark"
          value={benchmark}
          onChange={(e) => {
            setBenchmark(e.target.value);
            setAbility('');
          }}
          required
          options={
            q.data.scopes.length ? pairs(q.data.scopes.map((s) => s.benchmark)) : [['', 'No tasks imported yet']]
          }
        />
        <SelectField
          label="Ability"
          value={ability}
          onChange={(e) => setAbility(e.target.value)}
          options={[['', 'Every ability'], ...pairs(abilities)]}
        />
        <Field label="Annotators per failed checkpoint (k)">
          <TextInput type="number" min={1} max={10} value={k} onChange={(e) => setK(e.target.value)} required />
        </Field>
        <SubmitButton pending={save.isPending} disabled={!benchmark}>
          Save
        </SubmitButton>
        <ErrorMessage error={save.error} />
        <p className="text-xs text-slate-600">
          Raising k puts already-diagnosed checkpoints back in the queue for other annotators; annotators do not see
          each other&apos;s diagnosis of a checkpoint until they submitted their own.
        </p>
      </form>
    </div>
  );
}
