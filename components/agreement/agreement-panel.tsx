'use client';

import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable, type ColumnDef } from '@/components/ui/data-table';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { AgreementFigures, CategoryFigure, PairFigure } from '@/lib/diagnosis/agreement-report';
import { plural } from '@/lib/text/plural';
import { Stat } from '@/components/ui/stat';

const fmt = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);

/**
 * Annotator agreement figures (self-contained: fetches its own data, so the
 * dashboard can mount it as is). Category agreement as Cohen's kappa per
 * annotator pair and Krippendorff's alpha overall and per category; range
 * agreement as mean IoU of the anchored event ranges; every figure with its n.
 */
export function AgreementPanel({
  benchmark,
  ability,
  initial,
}: {
  benchmark?: string;
  ability?: string;
  initial?: AgreementFigures;
}) {
  const params = new URLSearchParams();
  if (benchmark) params.set('benchmark', benchmark);
  if (ability) params.set('ability', ability);
  const q = useQuery({
    queryKey: ['agreement', 'figures', benchmark ?? '', ability ?? ''],
    queryFn: () => apiFetch<{ figures: AgreementFigures }>(`/api/agreement?${params}`).then((r) => r.figures),
    initialData: initial,
  });
  if (q.isPending)
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading agreement figures…
      </p>
    );
  if (q.isError) return <ErrorMessage error={q.error} />;
  const f = q.data;
  if (f.units === 0) {
    return (
      <EmptyState title="No checkpoint or run has two diagnoses yet">
        Agreement needs failed checkpoints, or failed runs diagnosed as a whole, diagnosed by at least two annotators.
        Set an overlap k above 1 under Admin → Annotator overlap.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Annotator agreement" className="space-y-4" data-testid="agreement-panel">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat
          look="card"
          label="Checkpoints and runs (n)"
          value={String(f.units)}
          hint={`${plural(f.ratings, ['diagnosis', 'diagnoses'])} by ${plural(f.annotators, 'annotator')}`}
        />
        <Stat look="card" label="Category: Krippendorff's α" value={fmt(f.alpha)} hint="nominal, all annotators" />
        <Stat
          look="card"
          label="Category: Cohen's κ"
          value={fmt(f.kappa)}
          hint={f.kappa === null && f.pairs.length > 1 ? 'per pair below' : 'two annotators'}
        />
        <Stat look="card" label="Same category" value={pct(f.agreement)} hint="share of diagnosis pairs" />
        <Stat look="card" label="Range IoU (mean)" value={fmt(f.iou)} hint={`n = ${f.iouN} pairs`} />
        <Stat look="card" label="Annotator pairs" value={String(f.pairs.length)} />
      </dl>
      {f.truncated ? (
        <p className="text-xs text-amber-700">
          Computed over the first 5,000 checkpoints and runs; narrow by benchmark for the rest.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <DataTable
          label="Agreement per annotator pair"
          caption="Agreement per annotator pair"
          density="compact"
          columns={PAIR_COLUMNS}
          rows={f.pairs}
          rowKey={(p) => `${p.a}:${p.b}`}
        />
        <DataTable
          label="Agreement per category"
          caption="Agreement per category"
          density="compact"
          columns={CATEGORY_COLUMNS}
          rows={f.categories}
          rowKey={(c) => c.categoryId ?? ''}
        />
      </div>
    </section>
  );
}

/** The header row is upper-cased, which turns κ and α into Κ and Α (read as K and A): Greek letters keep their case. */
function keepGreek(h: string) {
  return h.split(/([α-ω])/).map((part, i) =>
    i % 2 ? (
      <span key={i} className="normal-case">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** A column of figures: tabular digits, left-aligned like their header; the header's Greek letters kept. */
function figure<R>(header: string, cell: (row: R) => string, first = false): ColumnDef<R> {
  return { id: header, header: keepGreek(header), className: first ? undefined : 'tabular-nums', cell };
}

const PAIR_COLUMNS: ColumnDef<PairFigure>[] = [
  figure('Pair', (p) => `${p.aName} × ${p.bName}`, true),
  figure('n', (p) => String(p.n)),
  figure("Cohen's κ", (p) => fmt(p.kappa)),
  figure('Same category', (p) => pct(p.agreement)),
  figure('Range IoU (n)', (p) => `${fmt(p.iou)} (${p.iouN})`),
];
const CATEGORY_COLUMNS: ColumnDef<CategoryFigure>[] = [
  figure('Category', (c) => c.label, true),
  figure('n diagnoses', (c) => String(c.n)),
  figure('α (this vs. other)', (c) => fmt(c.alpha)),
];
