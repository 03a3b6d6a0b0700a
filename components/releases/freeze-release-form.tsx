'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { TextField } from '@/components/ui/field';
import { ApiError, apiFetch } from '@/lib/http/api-client';
import type { FrozenRelease } from '@/lib/releases/freeze-release';

/**
 * Freeze the current bank under a name and note. When held-out tasks leak,
 * the server refuses (409) with the leaks; the form then lists them and asks
 * for an override note before it tries again.
 */
export function FreezeReleaseForm() {
  const router = useRouter();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [override, setOverride] = useState('');
  const [leaks, setLeaks] = useState<string[] | null>(null);
  const freeze = useMutation({
    mutationFn: () =>
      apiFetch<FrozenRelease>('/api/releases', {
        method: 'POST',
        json: { name, note, overrideNote: override.trim() || undefined },
      }),
    onSuccess: (r) => router.push(`/releases/${encodeURIComponent(r.name)}`),
    onError: (e) => {
      if (e instanceof ApiError && e.status === 409 && e.details.some((d) => d.path === 'overrideNote'))
        setLeaks(e.details.map((d) => d.message));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    freeze.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label="Freeze a release"
    >
      <h2 className="text-sm font-semibold text-slate-800">Freeze the current bank</h2>
      <p className="text-xs text-slate-600">
        Records the current version of every active card. A release never changes afterwards.
      </p>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <TextField
          label="Name"
          required
          value={name}
          onValue={setName}
          placeholder="v1"
          pattern="[A-Za-z0-9][A-Za-z0-9._\-]{0,63}"
          title="Letters, digits, . _ -"
        />
        <TextField label="Note" required value={note} onValue={setNote} placeholder="What this release is for" />
      </div>
      {leaks ? (
        <div role="alert" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">Held-out tasks retrieve cards built from themselves:</p>
          <ul className="list-disc pl-5 font-mono text-xs text-amber-900">
            {leaks.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
          <TextField
            label="Override note (required to freeze anyway)"
            value={override}
            onValue={setOverride}
            placeholder="Why this release is frozen with these leaks"
          />
        </div>
      ) : null}
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          disabled={freeze.isPending || !name.trim() || !note.trim() || (leaks !== null && !override.trim())}
        >
          {freeze.isPending ? 'Freezing…' : leaks ? 'Freeze with override' : 'Freeze release'}
        </Button>
      </div>
      {freeze.error && !(leaks && freeze.error instanceof ApiError && freeze.error.status === 409) ? (
        <ErrorMessage error={freeze.error} />
      ) : null}
    </form>
  );
}
