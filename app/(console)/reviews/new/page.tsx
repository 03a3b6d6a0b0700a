import Link from 'next/link';
import { WriteCardForm } from '@/components/reviews/write-card-form';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { UntrustedText } from '@/components/ui/untrusted-text';
import { requirePageActor } from '@/lib/users/current-actor';
import { loadWriteCardContext } from '@/lib/review/write-card';
import { taskHref } from '@/lib/trajectories/event-link';

export const metadata = { title: 'Write a card by hand' };

/** `?taskId=` (and optionally `&diagnosisId=`): the task, its instruction and the diagnosis beside the form. */
export default async function WriteCardPage({
  searchParams,
}: {
  searchParams: Promise<{ taskId?: string; diagnosisId?: string }>;
}) {
  const actor = await requirePageActor('proposal:review');
  const { asked, task, diagnosis } = await loadWriteCardContext(actor, await searchParams);
  return (
    <>
      <PageHeader
        title="Write a card by hand"
        description="A skill card in your own words. It is checked for schema and privacy, not traced to reflection inputs, and goes to the review inbox."
      />
      {!task ? (
        <EmptyState title={asked ? 'That task no longer exists' : 'Written from a task'}>
          Open a task (or a diagnosis of it) and choose &quot;Write a card by hand&quot;.{' '}
          <Link href="/tasks" className="font-medium text-indigo-700 hover:underline">
            All tasks
          </Link>
        </EmptyState>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
          <WriteCardForm taskId={task.id} diagnosisId={diagnosis?.id ?? null} />
          <div className="space-y-4">
            <Panel title="Written from">
              <p className="text-sm">
                <Link href={taskHref(task.id)} className="font-medium text-indigo-700 hover:underline">
                  <UntrustedText text={`${task.benchmark} · ${task.externalId}`} />
                </Link>{' '}
                · <UntrustedText text={task.ability ?? 'unlabelled'} /> bank
              </p>
              <p className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap text-sm text-slate-700">
                <UntrustedText text={task.instruction} />
              </p>
            </Panel>
            {diagnosis ? (
              <Panel title={`Diagnosis by ${diagnosis.author.name}`}>
                <p className="text-sm">
                  <span className="text-slate-600">Went wrong:</span>{' '}
                  <UntrustedText text={diagnosis.whatWentWrong || '—'} />
                </p>
                <p className="text-sm">
                  <span className="text-slate-600">Should have:</span>{' '}
                  <UntrustedText text={diagnosis.whatShouldHaveHappened || '—'} />
                </p>
              </Panel>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
