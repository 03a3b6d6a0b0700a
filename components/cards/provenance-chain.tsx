import Link from 'next/link';
import type { ReactNode } from 'react';
import { UntrustedText } from '@/components/ui/untrusted-text';
import type { ProposalProvenance } from '@/lib/cards/provenance';

/**
 * The provenance chain, every link clickable: (version → review →) proposal
 * and curator patch → delta → reflection run → diagnoses → trajectory events.
 */
export function ProvenanceChain({ provenance, head }: { provenance: ProposalProvenance | null; head?: ReactNode }) {
  const link = 'font-medium text-indigo-700 hover:underline';
  // wrap-anywhere: task ids, model names and reasons are imported text of any length (a 300-character task id).
  return (
    <ol className="space-y-2 border-l-2 border-indigo-200 pl-4 text-sm wrap-anywhere" data-testid="provenance">
      {head}
      {!provenance ? (
        <Step label="Origin">No proposal recorded (created outside the review flow).</Step>
      ) : (
        <>
          {provenance.words.length ? (
            <Step label="Words">
              <ul className="inline" data-testid="prov-words">
                {provenance.words.map((w, i) => (
                  <li key={i} className="inline after:content-['_·_'] last:after:content-none">
                    {w.handWritten ? (
                      <>
                        written by hand by <span className="font-medium">{w.by}</span>
                      </>
                    ) : (
                      <>
                        <span className="font-medium">{w.by}</span> wrote{' '}
                        <span className="font-mono text-xs">{w.fields.join(', ')}</span> (edited before approving)
                      </>
                    )}
                  </li>
                ))}
              </ul>
              <span className="block text-xs text-slate-600">
                A reviewer&apos;s own words: checked for schema and privacy, not traced to reflection inputs.
              </span>
            </Step>
          ) : null}
          <Step label="Proposal">
            <Link href={provenance.proposal.href} className={link} data-testid="prov-proposal">
              {provenance.proposal.operation.replace(/_/g, ' ').toLowerCase()}
            </Link>{' '}
            — <UntrustedText text={provenance.proposal.reason} />
          </Step>
          {provenance.writtenFrom ? (
            <Step label="Written from">
              task{' '}
              <Link href={provenance.writtenFrom.href} className={link} data-testid="prov-written-from">
                <UntrustedText text={provenance.writtenFrom.benchmark} />{' '}
                <UntrustedText text={provenance.writtenFrom.externalId} />
              </Link>
            </Step>
          ) : null}
          {provenance.delta ? (
            <Step label="Delta">
              <Link href={provenance.delta.href} className={link} data-testid="prov-delta">
                delta {provenance.delta.index + 1}
              </Link>{' '}
              — <UntrustedText text={String((provenance.delta.content as { title?: string } | null)?.title ?? '')} />
            </Step>
          ) : null}
          {provenance.run ? (
            <Step label="Reflection run">
              <Link href={provenance.run.href} className={link} data-testid="prov-run">
                {provenance.run.kind === 'FUNCTION_CARDS'
                  ? 'function-card run'
                  : provenance.run.kind === 'RECURATE'
                    ? 're-curation run'
                    : 'reflection run'}
              </Link>{' '}
              ·{' '}
              {provenance.run.provider === 'OFFLINE' ? (
                'rule-based (offline)'
              ) : (
                <UntrustedText text={provenance.run.model ?? 'model unknown'} />
              )}{' '}
              · prompt {provenance.run.promptVersion ?? '—'}
              {provenance.run.task ? (
                <>
                  {' '}
                  · task{' '}
                  <Link href={provenance.run.task.href} className={link}>
                    <UntrustedText text={provenance.run.task.benchmark} />{' '}
                    <UntrustedText text={provenance.run.task.externalId} />
                  </Link>
                </>
              ) : null}{' '}
              ·{' '}
              <Link href={provenance.run.packetHref} className={link}>
                packet
              </Link>
            </Step>
          ) : null}
          <Step
            label={
              provenance.diagnosesScope === 'delta'
                ? `Diagnoses behind this delta (${provenance.diagnoses.length})`
                : `Diagnoses (${provenance.diagnoses.length})`
            }
          >
            {provenance.diagnosesScope === 'run' && provenance.diagnoses.length > 1 ? (
              <span className="text-xs text-slate-600" data-testid="prov-diagnoses-scope">
                every diagnosis the run read: the delta does not say which it was built from
              </span>
            ) : null}
            {provenance.diagnoses.length === 0 ? (
              <span className="text-slate-600">none (built from observed calls or the divergence)</span>
            ) : (
              <ul className="mt-1 space-y-2">
                {provenance.diagnoses.map((d) => (
                  <li key={d.id} className="rounded bg-slate-50 p-2 ring-1 ring-slate-200" data-testid="prov-diagnosis">
                    <p className="text-xs text-slate-600">
                      {d.author} · {d.category ?? 'uncategorised'} ·{' '}
                      {d.runLevel ? (
                        <span data-testid="prov-run-level">the run as a whole</span>
                      ) : (
                        <>
                          checkpoint <UntrustedText text={d.checkpoint} />
                        </>
                      )}
                    </p>
                    <p>
                      <span className="text-slate-600">Went wrong:</span>{' '}
                      <UntrustedText text={d.whatWentWrong || '—'} />
                    </p>
                    <p>
                      <span className="text-slate-600">Should have:</span>{' '}
                      <UntrustedText text={d.whatShouldHaveHappened || '—'} />
                    </p>
                    <Link href={d.href} className={`${link} text-xs`} data-testid="prov-event">
                      <UntrustedText text={d.trajectory.model} /> · <UntrustedText text={d.trajectory.taskExternalId} />{' '}
                      · events {d.eventStart ?? '?'}–{d.eventEnd ?? d.eventStart ?? '?'} →
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Step>
          {provenance.trajectories.length ? (
            <Step label={`Trajectories (${provenance.trajectories.length})`}>
              <span className="flex flex-wrap gap-x-3">
                {provenance.trajectories.map((t) => (
                  <Link key={t.id} href={t.href} className={link}>
                    <UntrustedText text={t.model} /> ({t.passed ? 'passed' : 'failed'})
                  </Link>
                ))}
              </span>
            </Step>
          ) : null}
        </>
      )}
    </ol>
  );
}

export function Step({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className="relative">
      <span aria-hidden className="absolute -left-[1.4rem] top-1.5 h-2 w-2 rounded-full bg-indigo-400" />
      <span className="mr-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</span>
      {children}
    </li>
  );
}
