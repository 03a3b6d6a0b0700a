import { Suspense } from 'react';
import { InvalidLinkNotice } from '@/components/shell/invalid-link-notice';
import { BatchLauncher } from '@/components/reflection/batch-launcher';
import { RunsList } from '@/components/reflection/runs-list';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { cursorQuerySchema } from '@/lib/http/keyset';
import { parsePageQuery } from '@/lib/pages/parse-page-query';
import { listRuns } from '@/lib/reflection/read-run';
import { runsListQuerySchema } from '@/lib/reflection/run-status';

export const metadata = { title: 'Reflection runs' };

export default async function RunsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePageActor('reflection:read');
  // listRuns reads after/before with the keyset cursor schema: check them with it too.
  const parsed = await parsePageQuery(runsListQuerySchema, searchParams, cursorQuerySchema);
  if (!parsed.ok) return <InvalidLinkNotice path="/runs" raw={parsed.raw} problems={parsed.problems} />;
  const { query } = parsed;
  const initial = await listRuns(actor, query);
  return (
    <>
      <PageHeader
        title="Reflection runs"
        description="Every reflection and function-card run with its status; open one for the packet sent, prompts, raw output, deltas, curator patches, validation, tokens and timings."
      />
      <div className="space-y-6">
        {can(actor.role, 'reflection:run') ? <BatchLauncher /> : null}
        <Suspense>
          <RunsList initial={initial} initialQuery={new URLSearchParams(parsed.raw).toString()} />
        </Suspense>
      </div>
    </>
  );
}
