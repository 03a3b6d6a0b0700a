import { Suspense } from 'react';
import { QueueUnappliedNote } from '@/components/dashboard/queue-unapplied-note';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { QueueView } from '@/components/queue/queue-view';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { pageQuerySchema } from '@/lib/http/pagination';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { queueFacets } from '@/lib/queue/list-queue';
import { queueFilterSchema } from '@/lib/queue/queue-filters';

export const metadata = { title: 'Queue' };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('queue:work');
  // The view reads the URL itself and would show page 1 for `?page=abc`: check the link here with the
  // schemas /api/queue parses it with (the page size is the view's own, so only `page` of the paging).
  const parsed = await parsePageQuery(
    queueFilterSchema,
    searchParams,
    pageQuerySchema.pick({ page: true }),
    cursorQuerySchema,
  );
  if (!parsed.ok) return <InvalidLinkNotice path="/queue" raw={parsed.raw} problems={parsed.problems} />;
  const facets = await queueFacets(actor);
  return (
    <>
      <PageHeader
        title="Queue"
        description="Trajectories whose failed checkpoints still need a diagnosis (a run can pass and still fail a checkpoint). Take the next one, diagnose, submit & next."
      />
      <QueueUnappliedNote raw={parsed.raw} />
      <Suspense>
        <QueueView facets={facets} isAdmin={can(actor.role, 'queue:assign')} meId={actor.userId} />
      </Suspense>
    </>
  );
}
