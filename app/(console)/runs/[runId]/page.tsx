import Link from 'next/link';
import { RunDetailView } from '@/components/reflection/run-detail';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { requirePageActor } from '@/lib/auth/current-actor';
import { AppError } from '@/lib/errors';
import { getRunDetail, type RunDetail } from '@/lib/reflection/read-run';

export const metadata = { title: 'Reflection run' };

export default async function RunPage({ params }: { params: Promise<{ runId: string }> }) {
  const actor = await requirePageActor('reflection:read');
  const { runId } = await params;
  let run: RunDetail;
  try {
    run = await getRunDetail(actor, runId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      return (
        <>
          <PageHeader title="Run not found" />
          <EmptyState title="There is no run with this id">
            <Link href="/runs" className="font-medium text-indigo-700 hover:underline">Back to all runs</Link>
          </EmptyState>
        </>
      );
    }
    throw err;
  }
  return <RunDetailView initial={run} />;
}
