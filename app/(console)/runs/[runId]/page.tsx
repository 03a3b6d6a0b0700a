import { notFound } from 'next/navigation';
import { RunDetailView } from '@/components/reflection/run-detail';
import { requirePageActor } from '@/lib/users/current-actor';
import { orNotFound } from '@/lib/pages/or-not-found';
import { getRunDetail } from '@/lib/reflection/read-run';

export const metadata = { title: 'Reflection run' };

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const actor = await requirePageActor('reflection:read');
  const { runId } = await params;
  // notFound() (not an inline message) so the answer is a 404; ./not-found.tsx says what is missing.
  const run = (await orNotFound(getRunDetail(actor, runId))) ?? notFound();
  return <RunDetailView initial={run} />;
}
