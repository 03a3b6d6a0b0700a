'use client';

import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '@/components/ui/error-message';
import { Stat } from '@/components/ui/stat';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { apiFetch } from '@/lib/http/api-client';
import type { Metrics } from '@/lib/retrieval/retrieval-quality';
import type { RetrievalQuality } from '@/lib/retrieval/measure-quality';
import { plural } from '@/lib/text/plural';

export const qualityKey = (release: string) => ['retrieval-quality', release] as const;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function KindRow({ kind, m, k }: { kind: string; m: Metrics; k: number }) {
  if (!m.queries) return null;
  return (
    <div data-testid={`quality-${kind}`}>
      <h3 className="mb-1 text-xs font-semibold text-slate-700">
        {kind} cards · {plural(m.queries, ['labelled query', 'labelled queries'])}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label={`Recall@${k}`} value={pct(m.recall)} />
        <Stat label={`Precision@${k}`} value={pct(m.precision)} />
        <Stat label="MRR" value={m.mrr.toFixed(3)} />
        <Stat label={`nDCG@${k}`} value={m.ndcg.toFixed(3)} />
      </dl>
    </div>
  );
}

/**
 * Recall, precision, MRR and nDCG of one bank (a release or the live bank)
 * against every relevance judgement reviewers stored in the retrieval
 * preview, with the misses and the labels file to download.
 */
export function RetrievalQualityPanel({ release }: { release: string }) {
  const q = useQuery({
    queryKey: qualityKey(release),
    queryFn: () => apiFetch<RetrievalQuality>(`/api/retrieve/quality?release=${encodeURIComponent(release)}`),
  });
  const misses = q.data?.rows.filter((r) => r.missed.length) ?? [];
  return (
    <section aria-label="Retrieval quality" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-800">
          Retrieval quality {release === 'current' ? 'of the live bank' : `of release ${release}`}
        </h2>
        <a href="/api/retrieve/labels" download className="text-xs text-indigo-700 underline">
          Download labels file (JSONL)
        </a>
      </div>
      {q.isPending ? (
        <p className="text-sm text-slate-600" role="status">
          Measuring…
        </p>
      ) : q.isError ? (
        <ErrorMessage error={q.error} />
      ) : q.data.labelledQueries === 0 ? (
        <p className="text-sm text-slate-600" data-testid="quality-empty">
          No labels yet: mark results “relevant” or “not relevant” in the retrieval preview, and the numbers appear
          here.
        </p>
      ) : (
        <>
          <KindRow kind="skill" m={q.data.skill} k={q.data.k} />
          <KindRow kind="function" m={q.data.function} k={q.data.k} />
          {misses.length ? (
            <details className="text-xs text-slate-700">
              <summary className="cursor-pointer">{plural(misses.length, ['query', 'queries'])} with a miss</summary>
              <ul className="mt-1 space-y-1">
                {misses.map((r) => (
                  <li key={`${r.kind}:${r.task}:${r.ability}`}>
                    <UntrustedText text={r.task.slice(0, 160)} /> — wanted{' '}
                    <span className="font-mono">{r.missed.join(', ')}</span>, got{' '}
                    <span className="font-mono">{r.returned.join(', ') || 'nothing'}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          {q.data.unknownKeys.length ? (
            <p className="text-xs text-amber-800">
              Labelled cards not in this bank: <span className="font-mono">{q.data.unknownKeys.join(', ')}</span>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
