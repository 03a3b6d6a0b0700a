import { Suspense } from 'react';
import { QueueUnappliedNote } from '@/components/dashboard/queue-unapplied-note';
import { QueueView } from '@/components/queue/queue-view';
import { listPage } from '@/components/shell/list-page';
import { can } from '@/lib/auth/permissions';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { pageQuerySchema } from '@/lib/http/pagination';
import { queueFacets } from '@/lib/queue/list-queue';
import { queueFilterSchema } from '@/lib/queue/queue-filters';

export const metadata = { title: 'Queue' };

export default listPage({
  permission: 'queue:work',
  // The view reads the URL itself and would show page 1 for `?page=abc`: check the link here with the
  // schemas /api/queue parses it with (the page size is the view's own, so only `page` of the paging).
  schema: queueFilterSchema,
  alsoChecked: [pageQuerySchema.pick({ page: true }), cursorQuerySchema],
  load: (actor) => queueFacets(actor),
  path: '/queue',
  title: 'Queue',
  description:
    'Trajectories whose failed checkpoints still need a diagnosis (a run can pass and still fail a checkpoint). Take the next one, diagnose, submit & next.',
  render: (facets, { actor, raw }) => (
    <>
      <QueueUnappliedNote raw={raw} />
      <Suspense>
        <QueueView facets={facets} isAdmin={can(actor.role, 'queue:assign')} meId={actor.userId} />
      </Suspense>
    </>
  ),
});
