import type { DiagnosisView } from '@/lib/diagnosis/diagnosis-schemas';
import { CitedText } from './cited-text';

/** Other people's diagnoses of a checkpoint (all of them for reviewers), read-only; policy citations are links. */
export function DiagnosisList({
  diagnoses,
  title,
  onOpenPolicy,
}: {
  diagnoses: DiagnosisView[];
  title: string;
  onOpenPolicy?: (anchor: string) => void;
}) {
  if (!diagnoses.length) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      {diagnoses.map((d) => (
        <article key={d.id} className="rounded-md bg-slate-50 p-2 text-xs ring-1 ring-slate-200">
          <p className="text-slate-600">
            {d.author.name} · {d.status.toLowerCase()} ·{' '}
            {d.outcome === 'EVALUATOR_ARTEFACT'
              ? 'not an agent failure (evaluator / task artefact)'
              : (d.category?.label ?? 'no category')}
            {d.eventStart != null ? ` · events #${d.eventStart}–#${d.eventEnd}` : ''}
            {d.confidence ? ` · confidence ${d.confidence}/5` : ''}
          </p>
          <p className="mt-1 whitespace-pre-wrap text-slate-800">
            <CitedText text={d.whatWentWrong} trajectoryId={d.trajectoryId} onOpenPolicy={onOpenPolicy} />
          </p>
          {d.whatShouldHaveHappened ? (
            <p className="mt-1 whitespace-pre-wrap text-slate-600">
              → <CitedText text={d.whatShouldHaveHappened} trajectoryId={d.trajectoryId} onOpenPolicy={onOpenPolicy} />
            </p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
