import { Suspense } from 'react';
import { QueueView } from '@/components/queue/queue-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { queueFacets } from '@/lib/queue/list-queue';

export const metadata = { title: 'Queue' };

export default async function Page() {
  const actor = await requirePageActor('queue:work');
  const facets = await queueFacets(actor);
  return (
    <>
      <PageHeader title="Queue" description="Failed trajectories whose failed checkpoints still need a diagnosis. Take the next one, diagnose, submit & next." />
      <Suspense>
        <QueueView facets={facets} isAdmin={can(actor.role, 'queue:assign')} meId={actor.userId} />
      </Suspense>
    </>
  );
}
