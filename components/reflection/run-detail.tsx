'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { activeRefetchInterval } from '@/components/live/active-refetch';
import { useLiveChannel } from '@/components/live/use-live-channel';
import { ErrorMessage } from '@/components/ui/error-message';
import { PageHeader } from '@/components/ui/page-header';
import { apiFetch } from '@/lib/http/api-client';
import type { RunDetail } from '@/lib/reflection/read-run';
import { taskHref } from '@/lib/trajectories/event-link';
import { formatDuration, formatMs } from './format';
import { JsonBlock } from './json-block';
import { ProposalCard, ValidationList } from './run-proposal';
import { isActiveStatus, ProviderLabel, RunStatusBadge } from './run-status-badge';
import { POLL_MS } from './use-run-summaries';
import { activeRunText, useClock } from './run-waiting';
import { plural } from '@/lib/text/plural';

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-base font-semibold">
        {title}
        {count !== undefined ? <span className="ml-2 text-sm font-normal text-slate-600">({count})</span> : null}
      </h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** Everything about one run; updates live while the run is queued or running. */
export function RunDetailView({ initial }: { initial: RunDetail }) {
  // Pushed from PostgreSQL (LISTEN/NOTIFY → /api/live); polling while the stream is down (slowly while it is up: active-refetch.ts).
  const { live } = useLiveChannel(['runs'], [['reflection', 'run', initial.id]], (c) => c.id === initial.id);
  const q = useQuery({
    queryKey: ['reflection', 'run', initial.id],
    queryFn: () => apiFetch<{ run: RunDetail }>(`/api/reflection/runs/${initial.id}`).then((r) => r.run),
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) =>
      activeRefetchInterval(live, !!query.state.data && isActiveStatus(query.state.data.status), POLL_MS),
  });
  const run = q.data;
  const now = useClock(run.status === 'QUEUED');
  const title =
    run.kind === 'FUNCTION_CARDS'
      ? 'Function-card run'
      : run.kind === 'RECURATE'
        ? 'Re-curation of a stale proposal'
        : run.task
          ? `Reflection · ${run.task.benchmark} · ${run.task.externalId}`
          : 'Reflection run';
  const pending = run.proposals.filter((p) => p.status === 'PENDING').length;
  const invalidDeltas = run.deltas.filter((d) => !d.valid);
  return (
    <>
      <PageHeader
        title={title}
        description={
          run.ruleBased
            ? 'Produced by the offline rule-based provider (deterministic rules over the diagnoses and BM25 similarity; no LLM).'
            : undefined
        }
        actions={
          <Link href="/runs" className="text-sm font-medium text-indigo-700 hover:underline">
            All runs
          </Link>
        }
      />
      <div className="space-y-6" data-testid="run-detail" data-live={live}>
        <ErrorMessage error={q.error} />
        <Section title="Summary">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Status">
              <RunStatusBadge status={run.status} />
            </Fact>
            <Fact label="Provider / model">
              <span data-testid="run-provider">
                <ProviderLabel provider={run.provider} model={run.model} />
              </span>
            </Fact>
            <Fact label="Task">
              {run.task ? (
                <Link href={taskHref(run.task.id)} className="text-indigo-700 hover:underline">
                  {run.task.benchmark} · {run.task.externalId}
                </Link>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label="Started by">{run.createdBy?.name ?? '—'}</Fact>
            <Fact label="Created">{new Date(run.createdAt).toLocaleString()}</Fact>
            <Fact label="Duration">{formatDuration(run.startedAt, run.finishedAt)}</Fact>
            <Fact label="Tokens">
              {run.promptTokens} prompt · {run.completionTokens} completion
            </Fact>
            <Fact label="Proposals">
              {pending} pending review of {run.proposals.length}
            </Fact>
            <Fact label="Prompt version">{run.promptVersion ?? '—'}</Fact>
            <Fact label="Prompt hash">
              <span className="font-mono text-xs">{run.promptHash ?? '—'}</span>
            </Fact>
            <Fact label="Input hash">
              <span className="font-mono text-xs">{run.inputHash ?? '—'}</span>
            </Fact>
            <Fact label="Inputs">
              {plural(run.trajectoryIds.length, ['trajectory', 'trajectories'])} ·{' '}
              {plural(run.diagnosisIds.length, ['diagnosis', 'diagnoses'])}
            </Fact>
          </dl>
          {isActiveStatus(run.status) ? (
            <p role="status" className="text-sm text-amber-800">
              {activeRunText(run, now)}
            </p>
          ) : null}
          {run.error ? (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-rose-200">
              <strong>Error:</strong> {run.error}
            </p>
          ) : null}
          {Object.keys(run.timings).length ? (
            <div>
              <h3 className="mb-1 text-sm font-medium text-slate-700">Timings</h3>
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                {Object.entries(run.timings).map(([phase, ms]) => (
                  <li key={phase}>
                    {/* "packetMs: 498 ms" reads as code; show "packet: 498 ms". */}
                    {/.ms$/i.test(phase) ? phase.slice(0, -2) : phase}:{' '}
                    {/ms$/i.test(phase) ? formatMs(Number(ms)) : String(ms)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Section>

        <Section title="Curator patches" count={run.proposals.length}>
          {run.proposals.length === 0 ? (
            <p className="text-sm text-slate-600">
              {isActiveStatus(run.status) ? 'Not produced yet.' : 'No patch was produced.'}
            </p>
          ) : (
            <ul className="space-y-3">
              {run.proposals.map((p) => (
                <ProposalCard key={p.id} proposal={p} />
              ))}
            </ul>
          )}
        </Section>

        <Section title="Skill deltas" count={run.deltas.length}>
          {invalidDeltas.length ? (
            <p className="text-sm text-rose-700">
              {plural(invalidDeltas.length, 'delta')} failed validation; kept below with the reasons.
            </p>
          ) : null}
          {run.deltas.length === 0 ? (
            <p className="text-sm text-slate-600">
              {run.kind === 'FUNCTION_CARDS'
                ? 'Function-card runs produce cards directly (see the patches above).'
                : 'No delta recorded.'}
            </p>
          ) : (
            <ul className="space-y-3">
              {run.deltas.map((d) => (
                <li
                  key={d.id}
                  id={`delta-${d.index}`}
                  data-testid="delta"
                  className={`rounded-md p-3 ring-1 ${d.valid ? 'ring-slate-200' : 'bg-rose-50/40 ring-rose-200'}`}
                >
                  <div className="mb-2 flex items-center gap-2 text-sm">
                    <span className="font-medium">Delta {d.index + 1}</span>
                    <span className={d.valid ? 'text-emerald-700' : 'text-rose-700'}>
                      {d.valid ? 'valid' : 'invalid'}
                    </span>
                  </div>
                  <ValidationList issues={d.validation} />
                  <JsonBlock value={d.content} label={`Delta ${d.index + 1} content`} foldAt={400} />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="Packet sent (de-identified)">
          <p className="text-sm text-slate-600">
            Exactly what left the server: concrete values are replaced by typed placeholders; the mapping stays on the
            server.
          </p>
          <JsonBlock value={run.packet} label="Packet" />
        </Section>

        <Section title="Raw output">
          <JsonBlock value={run.rawOutput} label="Raw output" />
        </Section>

        <Section title="LLM calls" count={run.llmCalls.length}>
          {run.llmCalls.length === 0 ? (
            <p className="text-sm text-slate-600">
              {run.ruleBased ? 'None: the rule-based provider does not call an LLM.' : 'None recorded.'}
            </p>
          ) : (
            <ul className="space-y-3">
              {run.llmCalls.map((c) => (
                <li key={c.id} className="rounded-md p-3 text-sm ring-1 ring-slate-200" data-testid="llm-call">
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    <span className="font-medium">{c.step}</span>
                    <span>attempt {c.attempt}</span>
                    <span className="font-mono text-xs">{c.model}</span>
                    <span>
                      prompt {c.promptVersion} <span className="font-mono text-xs">{c.promptHash.slice(0, 12)}</span>
                    </span>
                    <span>
                      {c.promptTokens} + {plural(c.completionTokens, 'token')}
                    </span>
                    <span>{formatMs(c.durationMs)}</span>
                  </div>
                  {c.error ? <p className="mt-1 text-rose-700">{c.error}</p> : null}
                  <details className="mt-2">
                    <summary className="cursor-pointer text-xs font-medium text-indigo-700">
                      Request and response
                    </summary>
                    <div className="mt-2 space-y-2">
                      <JsonBlock value={c.request} label={`Request of ${c.step} attempt ${c.attempt}`} />
                      <JsonBlock value={c.response} label={`Response of ${c.step} attempt ${c.attempt}`} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </>
  );
}
