'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, Select, TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { ReassignTraceInput, ReassignTraceResult } from '@/lib/otlp/reassign-trace';
import { TaskPicker } from './task-picker';

// The receiver's UNASSIGNED_TASK (lib/otlp/spans-to-record.ts, a server module): never a target.
const UNASSIGNED = { benchmark: 'otlp', externalId: 'unassigned' };

type Mode = 'new' | 'existing';

/**
 * Shown to admins on a trajectory that arrived over OTLP without naming its task: moves it under a
 * real task (POST /api/trajectories/{id}/reassign). What is typed is sent as typed; the server
 * trims and names any field it refuses.
 */
export function ReassignTraceForm({ trajectoryId }: { trajectoryId: string }) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>('new');
  const [benchmark, setBenchmark] = useState('');
  const [taskId, setTaskId] = useState('');
  const [instruction, setInstruction] = useState('');
  const [existingId, setExistingId] = useState('');
  const move = useMutation({
    mutationFn: (body: ReassignTraceInput) =>
      apiFetch<ReassignTraceResult>(`/api/trajectories/${encodeURIComponent(trajectoryId)}/reassign`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => router.refresh(),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    move.mutate(
      mode === 'existing'
        ? { taskId: existingId }
        : { task: { benchmark, id: taskId, ...(instruction.trim() ? { instruction } : {}) } },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Re-assign this trace to a task"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="reassign-trace"
    >
      <p className="mb-2 text-slate-800">
        This trace named no task (it sent no <code>memory_console.task.id</code>). Move it under a real task:
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Target" className="min-w-40">
          <Select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            <option value="new">a task by benchmark and id</option>
            <option value="existing">an existing task (search)</option>
          </Select>
        </Field>
        {mode === 'new' ? (
          <>
            <Field label="Benchmark" className="min-w-40">
              <TextInput value={benchmark} onChange={(e) => setBenchmark(e.target.value)} required />
            </Field>
            <Field label="Task id" className="min-w-40">
              <TextInput value={taskId} onChange={(e) => setTaskId(e.target.value)} required />
            </Field>
            <Field label="Instruction (optional, for a new task)" className="min-w-64 flex-1">
              <TextInput value={instruction} onChange={(e) => setInstruction(e.target.value)} />
            </Field>
          </>
        ) : (
          <TaskPicker value={existingId} onPick={setExistingId} exclude={UNASSIGNED} />
        )}
        <Button type="submit" disabled={move.isPending || (mode === 'existing' && !existingId)}>
          {move.isPending ? 'Moving…' : 'Re-assign'}
        </Button>
      </div>
      {move.isError ? (
        <div className="mt-2">
          <ErrorMessage error={move.error} />
        </div>
      ) : null}
      {move.isSuccess ? (
        <p role="status" className="mt-2 text-emerald-700">
          Moved under {move.data.task.benchmark} / {move.data.task.externalId}
          {move.data.task.created ? ' (new task)' : ''}.
        </p>
      ) : null}
    </form>
  );
}
