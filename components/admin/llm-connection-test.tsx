'use client';

import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import type { LlmConnectionReport } from '@/lib/admin/test-llm-connection';
import { apiFetch } from '@/lib/http/api-client';

/**
 * "Test connection" on Admin → LLM: one tiny request per saved model, each
 * answered ok (with its time) or with what to fix — so a wrong URL, key or
 * model shows here, not as the next reflection run's failure.
 */
export function LlmConnectionTest() {
  const check = useMutation({
    mutationFn: () => apiFetch<LlmConnectionReport>('/api/admin/llm-connection', { method: 'POST', json: {} }),
  });
  const report = check.data;
  return (
    <section
      aria-label="Connection test"
      className="mt-6 space-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-3">
        <h2 className="font-semibold">Connection</h2>
        <Button type="button" variant="secondary" disabled={check.isPending} onClick={() => check.mutate()}>
          {check.isPending ? 'Testing…' : 'Test connection'}
        </Button>
        <span className="text-slate-600">
          Sends one short request per saved model with the server’s endpoint and key.
        </span>
      </div>
      <ErrorMessage error={check.error} />
      {report && !check.isPending ? (
        <div role="status">
          <ul className="space-y-1" aria-label="Connection test results">
            {report.checks.map((c) => (
              <li key={c.model} className={c.ok ? 'text-emerald-700' : 'text-rose-700'}>
                <span className="font-mono">{c.model}</span>:{' '}
                {c.ok ? `answered in ${(c.ms / 1000).toFixed(1)} s` : c.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
