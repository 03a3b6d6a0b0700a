'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Field, TextInput } from '@/components/ui/field';
import { apiFetch } from '@/lib/http/api-client';
import type { LlmStatus } from '@/lib/reflection/llm-settings';

const MODEL_FIELDS = [
  { key: 'reflector', label: 'Reflector model' },
  { key: 'curator', label: 'Curator model' },
  { key: 'function_cards', label: 'Function-card builder model' },
] as const;

const OPTION_FIELDS = [
  { key: 'timeoutMs', label: 'Request timeout (ms)', min: 1000 },
  { key: 'maxRetries', label: 'Retries on 429/5xx', min: 0 },
  { key: 'concurrency', label: 'Concurrent requests', min: 1 },
] as const;

export function LlmSettingsForm({ initial }: { initial: LlmStatus }) {
  const qc = useQueryClient();
  const [status, setStatus] = useState(initial);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch<{ llm: LlmStatus }>('/api/reflection/llm-settings', { method: 'PUT', json: body }),
    onSuccess: (r) => {
      setStatus(r.llm);
      setSaved(true);
      qc.invalidateQueries({ queryKey: ['reflection', 'llm-status'] });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(false);
    const data = new FormData(e.currentTarget);
    save.mutate({
      models: Object.fromEntries(MODEL_FIELDS.map((f) => [f.key, String(data.get(f.key) ?? '')])),
      options: Object.fromEntries(OPTION_FIELDS.map((f) => [f.key, String(data.get(f.key) ?? '')])),
    });
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <form
        onSubmit={onSubmit}
        className="space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        aria-label="LLM settings"
      >
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Models per step</legend>
          {MODEL_FIELDS.map((f) => (
            <Field key={f.key} label={f.label}>
              <TextInput name={f.key} defaultValue={status.models[f.key]} required maxLength={200} />
            </Field>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">Calls</legend>
          {OPTION_FIELDS.map((f) => (
            <Field key={f.key} label={f.label}>
              <TextInput name={f.key} type="number" min={f.min} defaultValue={status.options[f.key]} required />
            </Field>
          ))}
        </fieldset>
        <div className="flex items-center gap-3">
          <SubmitButton pending={save.isPending}>Save</SubmitButton>
          {saved ? (
            <span role="status" className="text-sm text-emerald-700">
              Saved; the next run uses these settings.
            </span>
          ) : null}
        </div>
        <ErrorMessage error={save.error} />
      </form>
      <aside
        className="space-y-2 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
        aria-label="Endpoint"
      >
        <h2 className="font-semibold">Endpoint</h2>
        {status.endpointConfigured ? (
          <p data-testid="llm-endpoint">
            Configured: <span className="font-mono">{status.endpointHost}</span>
            <br />
            API key: {status.apiKeyConfigured ? 'set (hidden)' : 'not set'}
          </p>
        ) : (
          <p data-testid="llm-endpoint">
            No endpoint configured. Runs use the <strong>rule-based (offline)</strong> provider. Set{' '}
            <code>OPENAI_BASE_URL</code> (and <code>OPENAI_API_KEY</code> if needed) in the server environment to use an
            OpenAI-compatible LLM.
          </p>
        )}
      </aside>
    </div>
  );
}
