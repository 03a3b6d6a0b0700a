'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { AdjudicationForm } from '@/components/agreement/adjudication-form';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager, unlessPastEnd } from '@/components/ui/pager';
import { pageChange } from '@/components/ui/url-filter-query';
import { useUrlFilters } from '@/components/ui/use-url-filters';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { Page } from '@/lib/http/pagination';
import type { Disagreement } from '@/lib/diagnosis/list-disagreements';
import { useAdjudicate } from './use-adjudicate';
import { trajectoryEventHref } from '@/lib/trajectories/event-link';

type Status = 'open' | 'adjudicated' | 'all';
const STATUSES: Status[] = ['open', 'adjudicated', 'all'];
export type CategoryOption = { id: string; label: string };
const PAGE_SIZE = 20;

const range = (r: { start: number; end: number } | null) =>
  r ? (r.start === r.end ? `event ${r.start}` : `events ${r.start}–${r.end}`) : 'no range';

/**
 * Checkpoints and runs diagnosed as a whole whose diagnoses disagree (category, or ranges overlapping less
 * than half). A reviewer picks one diagnosis or writes the adjudicated one;
 * reflection then reads that instead of the individual diagnoses.
 * The status tab and the page live in the URL (`?status=all&page=2`, checked by the page):
 * Back from a trajectory returns to them, and a link shows the same list.
 */
export function DisagreementsList({
  categories,
  canAdjudicate,
}: {
  categories: CategoryOption[];
  canAdjudicate: boolean;
}) {
  const { params, setParams } = useUrlFilters();
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'open';
  const page = Number(params.get('page') ?? 1);
  const list = useQuery({
    queryKey: ['agreement', 'disagreements', status, page],
    queryFn: () =>
      apiFetch<Page<Disagreement>>(
        `/api/agreement/disagreements?${new URLSearchParams({ status, page: String(page), pageSize: String(PAGE_SIZE) })}`,
      ),
  });
  return (
    <section aria-label="Disagreements" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-900">Disagreements</h2>
        <div role="tablist" aria-label="Adjudication status" className="ml-2 flex gap-1">
          {STATUSES.map((s) => (
            <Button
              key={s}
              role="tab"
              aria-selected={status === s}
              variant={status === s ? 'primary' : 'secondary'}
              onClick={() => setParams({ status: s === 'open' ? null : s })}
            >
              {s === 'open' ? 'To adjudicate' : s === 'adjudicated' ? 'Adjudicated' : 'All'}
            </Button>
          ))}
        </div>
      </div>
      {list.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading disagreements…
        </p>
      ) : null}
      {list.isError ? <ErrorMessage error={list.error} /> : null}
      {list.data && list.data.items.length === 0
        ? unlessPastEnd(
            list.data,
            <EmptyState title={status === 'open' ? 'Nothing to adjudicate' : 'No disagreements here'}>
              Checkpoints and runs diagnosed as a whole appear here when two annotators chose different categories or
              ranges that overlap less than half.
            </EmptyState>,
          )
        : null}
      <ul className="space-y-3">
        {list.data?.items.map((d) => (
          <DisagreementItem key={d.targetId} d={d} categories={categories} canAdjudicate={canAdjudicate} />
        ))}
      </ul>
      {/* Adjudicating the last item of the last page leaves that page past the end: the pager offers the new last page. */}
      {list.data ? (
        <Pager
          of={list.data}
          noun="disagreement"
          onPage={(to) => setParams(pageChange(to, list.data), { keepPage: true })}
        />
      ) : null}
    </section>
  );
}

function DisagreementItem({
  d,
  categories,
  canAdjudicate,
}: {
  d: Disagreement;
  categories: CategoryOption[];
  canAdjudicate: boolean;
}) {
  const [writing, setWriting] = useState(false);
  const pick = useAdjudicate(d);
  const a = d.adjudication;
  // Shown, not hidden, with the reason: the reviewer sees why this one is not theirs to settle.
  const blocked = canAdjudicate ? d.notYours : null;
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="disagreement">
      <div className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <Link
          className="font-medium text-indigo-700 hover:underline"
          href={trajectoryEventHref(d.trajectoryId, null, { checkpointResultId: d.targetId })}
        >
          {d.taskExternalId} · {d.checkpointName}
        </Link>
        <span className="text-xs text-slate-600">{d.benchmark}</span>
        <span className="text-xs text-rose-700">disagree on {d.reasons.join(' and ')}</span>
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {d.ratings.map((r) => (
          <article
            key={r.diagnosisId}
            className={`rounded-md p-3 text-sm ring-1 ${a?.chosenDiagnosisId === r.diagnosisId ? 'bg-emerald-50 ring-emerald-300' : 'bg-slate-50 ring-slate-200'}`}
            aria-label={`Diagnosis by ${r.authorName}`}
          >
            <p className="text-xs text-slate-600">
              {r.authorName} · {r.categoryLabel ?? 'Uncategorised'} · {range(r.range)}
            </p>
            <p className="mt-1 whitespace-pre-wrap">
              <span className="text-slate-600">Went wrong: </span>
              {r.whatWentWrong}
            </p>
            <p className="mt-1 whitespace-pre-wrap">
              <span className="text-slate-600">Should have: </span>
              {r.whatShouldHaveHappened}
            </p>
            {canAdjudicate ? (
              <Button
                className="mt-2"
                variant="secondary"
                disabled={pick.isPending || !!blocked}
                title={blocked ?? undefined}
                onClick={() => pick.mutate({ chosenDiagnosisId: r.diagnosisId })}
              >
                {a?.chosenDiagnosisId === r.diagnosisId ? 'Chosen' : `Use ${r.authorName}'s diagnosis`}
              </Button>
            ) : null}
          </article>
        ))}
      </div>
      <ErrorMessage error={pick.error} />
      {a ? (
        <p
          className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
          data-testid="adjudication"
        >
          Adjudicated by {a.reviewer}: {a.category?.label ?? 'Uncategorised'} ·{' '}
          {range(a.eventStart === null || a.eventEnd === null ? null : { start: a.eventStart, end: a.eventEnd })} —{' '}
          <span className="whitespace-pre-wrap">{a.whatShouldHaveHappened}</span>
        </p>
      ) : null}
      {blocked ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="adjudication-not-yours">
          {blocked}.
        </p>
      ) : canAdjudicate ? (
        writing ? (
          <AdjudicationForm d={d} categories={categories} onDone={() => setWriting(false)} />
        ) : (
          <Button className="mt-3" variant="ghost" onClick={() => setWriting(true)}>
            Write the adjudicated diagnosis…
          </Button>
        )
      ) : null}
    </li>
  );
}
