import { Suspense } from 'react';
import { LeakList } from '@/components/retrieval/leak-list';
import { RetrievalQualityPanel } from '@/components/retrieval/retrieval-quality-panel';
import type { Page } from '@/lib/http/pagination';
import type { ReleaseCardRow, ReleaseManifest } from '@/lib/releases/read-release';
import { ReleaseCards } from './release-cards';
import { ReleaseDiffPanel } from './release-diff-panel';
import { plural } from '@/lib/text/plural';

const list = (xs: string[] | undefined) => (xs?.length ? xs.join(', ') : '—');

/** `cards`: the page of the release's cards the URL asks for (`cardsQuery`: that query string). */
export function ReleaseDetailView(props: {
  release: ReleaseManifest;
  others: string[];
  compareWith?: string;
  canExport: boolean;
  /** The viewer may run retrieval (retrieval:preview): the retrieval quality view is shown. */
  canMeasure?: boolean;
  cards: Page<ReleaseCardRow>;
  cardsQuery: string;
}) {
  const { release, others, compareWith, canExport, canMeasure, cards, cardsQuery } = props;
  const r = release.recipe;
  const base = `/api/releases/${encodeURIComponent(release.name)}/export?format=`;
  return (
    <div className="space-y-6">
      {canExport ? (
        <section aria-label="Export" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Download:</span>
          {(
            [
              ['json', 'JSON (cards, versions, provenance)'],
              ['markdown', 'Markdown (rendered, by bank)'],
              ['wiki', 'Wiki (zip of linked pages)'],
            ] as const
          ).map(([f, label]) => (
            <a
              key={f}
              href={`${base}${f}`}
              download
              className="rounded-md bg-white px-3 py-1.5 font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {label}
            </a>
          ))}
          <a href="/api/schemas/bank-export" className="text-xs text-indigo-700 underline">
            JSON Schema
          </a>
        </section>
      ) : null}
      <section
        className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2"
        aria-label="Recipe"
      >
        <h2 className="text-sm font-semibold text-slate-800 sm:col-span-2">Recipe (how its versions were built)</h2>
        <p>
          Reflection runs: {r?.runs ?? '—'} ({list(r?.runKinds)})
        </p>
        <p>Ingestion scope: {list(r?.scopes)}</p>
        <p>Feedback kinds: {list(r?.feedbackKinds)}</p>
        <p>Providers: {list(r?.providers)}</p>
        <p>Models: {list(r?.models)}</p>
        <p>Prompt versions: {list(r?.promptVersions)}</p>
        {r?.versionsWithoutRun ? <p>Versions without a run (seeded or hand-written): {r.versionsWithoutRun}</p> : null}
        {r?.skippedCards.length ? (
          <p className="text-rose-700">Left out (content no longer parses): {r.skippedCards.join(', ')}</p>
        ) : null}
      </section>
      {release.leakList.length ? (
        <section
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
          aria-label="Leaks at freeze time"
        >
          <h2 className="text-sm font-semibold text-amber-900">
            Frozen with {plural(release.leakList.length, 'held-out leak')}
          </h2>
          <p className="text-sm text-amber-900">Override note: {release.leakOverrideNote}</p>
          <LeakList leaks={release.leakList} showTask />
        </section>
      ) : null}
      {canMeasure ? <RetrievalQualityPanel release={release.name} /> : null}
      <section className="space-y-2" aria-label="Diff">
        <h2 className="text-sm font-semibold text-slate-800">Diff</h2>
        <ReleaseDiffPanel name={release.name} others={others} compareWith={compareWith} />
      </section>
      <section className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-800">Cards ({release.cards.toLocaleString('en-US')})</h2>
        <Suspense>
          <ReleaseCards name={release.name} initial={cards} initialQuery={cardsQuery} />
        </Suspense>
      </section>
    </div>
  );
}
