'use client';

import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorMessage } from '@/components/ui/error-message';
import { apiFetch } from '@/lib/http/api-client';
import type { AgreementFigures } from '@/lib/diagnosis/agreement-report';
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
        <Table
          label="Agreement per annotator pair"
          head={['Pair', 'n', "Cohen's κ", 'Same category', 'Range IoU (n)']}
          rows={f.pairs.map((p) => [
            `${p.aName} × ${p.bName}`,
            String(p.n),
            fmt(p.kappa),
            pct(p.agreement),
            `${fmt(p.iou)} (${p.iouN})`,
          ])}
        />
        <Table
          label="Agreement per category"
          head={['Category', 'n diagnoses', 'α (this vs. other)']}
          rows={f.categories.map((c) => [c.label, String(c.n), fmt(c.alpha)])}
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

function Table({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  return (
    <div className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <caption className="px-3 py-2 text-left text-sm font-medium text-slate-700">{label}</caption>
        <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {head.map((h) => (
              <th key={h} className="px-3 py-2">
                {keepGreek(h)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r[0]}>
              {r.map((c, i) => (
                <td key={i} className={`px-3 py-1.5 ${i ? 'tabular-nums' : ''}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
