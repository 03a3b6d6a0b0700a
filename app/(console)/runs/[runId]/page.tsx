import { RunDetailView } from '@/components/reflection/run-detail';
import { NotFoundState } from '@/components/ui/not-found-state';
import { requirePageActor } from '@/lib/auth/current-actor';
import { orNotFound } from '@/lib/pages/or-not-found';
import { getRunDetail } from '@/lib/reflection/read-run';

export const metadata = { title: 'Reflection run' };

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const actor = await requirePageActor('reflection:read');
  const { runId } = await params;
  const run = await orNotFound(getRunDetail(actor, runId));
  if (!run) return <NotFoundState title="Run not found" message="There is no run with this id" back={{ href: '/runs', label: 'Back to all runs' }} />;
  return <RunDetailView initial={run} />;
}
