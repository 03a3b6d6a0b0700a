import { BatchLauncher } from '@/components/reflection/batch-launcher';
import { RunsList } from '@/components/reflection/runs-list';
import { listPage, UrlList } from '@/components/shell/list-page';
import { can } from '@/lib/auth/permissions';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { listRuns } from '@/lib/reflection/read-run';
import { runsListQuerySchema } from '@/lib/reflection/run-status';

export const metadata = { title: 'Reflection runs' };

export default listPage({
  permission: 'reflection:read',
  schema: runsListQuerySchema,
  // listRuns reads after/before with the keyset cursor schema: check them with it too.
  alsoChecked: [cursorQuerySchema],
  load: (actor, { query }) => listRuns(actor, query),
  path: '/runs',
  title: 'Reflection runs',
  description:
    'Every reflection and function-card run with its status; open one for the packet sent, prompts, raw output, deltas, curator patches, validation, tokens and timings.',
  render: (initial, { actor, raw }) => (
    <div className="space-y-6">
      {can(actor.role, 'reflection:run') ? <BatchLauncher /> : null}
      <UrlList list={RunsList} initial={initial} raw={raw} />
    </div>
  ),
});
