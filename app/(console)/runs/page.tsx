import { BatchLauncher } from '@/components/reflection/batch-launcher';
import { RunsList } from '@/components/reflection/runs-list';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { can } from '@/lib/auth/permissions';
import { searchParamsRecord } from '@/lib/http/pagination';
import { listRuns } from '@/lib/reflection/read-run';
import { runsListQuerySchema, type RunsListQuery } from '@/lib/reflection/run-status';

export const metadata = { title: 'Reflection runs' };

export default async function RunsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor('reflection:read');
  const parsed = runsListQuerySchema.safeParse(searchParamsRecord(await searchParams));
  // A hand-edited URL with a bad filter shows the unfiltered list rather than an error page.
  const query: RunsListQuery = parsed.success ? parsed.data : { page: 1 };
  const initial = await listRuns(actor, query);
  return (
    <>
      <PageHeader
        title="Reflection runs"
        description="Every reflection and function-card run with its status; open one for the packet sent, prompts, raw output, deltas, curator patches, validation, tokens and timings."
      />
      <div className="space-y-6">
        {can(actor.role, 'reflection:run') ? <BatchLauncher /> : null}
        <RunsList initial={initial} initialQuery={query} />
      </div>
    </>
  );
}
