import { notFound } from 'next/navigation';
import { ReassignTraceForm } from '@/components/trajectory/reassign-trace-form';
import { TrajectoryWorkspace } from '@/components/trajectory/trajectory-workspace';
import { requirePageActor } from '@/lib/users/current-actor';
import { can } from '@/lib/auth/permissions';
import { listTrajectoryDiagnoses } from '@/lib/diagnosis/list-diagnoses';
import { searchParamsRecord } from '@/lib/http/pagination';
import { touchClaim } from '@/lib/queue/claim-next';
import { queueFilterSchema } from '@/lib/queue/queue-filters';
import { listFailureCategories } from '@/lib/taxonomy/failure-taxonomy';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';
import { getTrajectoryPolicy } from '@/lib/policies/get-trajectory-policy';
import { orNotFound } from '@/lib/pages/or-not-found';
import type { DetailPageProps } from '@/lib/pages/page-props';
import { UNASSIGNED_TASK } from '@/lib/otlp/spans-to-record';

export const metadata = { title: 'Trajectory' };

export default async function TrajectoryPage({ params, searchParams }: DetailPageProps<{ trajectoryId: string }>) {
  const actor = await requirePageActor('trajectory:read');
  const { trajectoryId } = await params;
  const query = searchParamsRecord(await searchParams);
  const view = (await orNotFound(getTrajectory(actor, trajectoryId))) ?? notFound();
  const [categories, diagnoses, policy] = await Promise.all([
    listFailureCategories(actor),
    listTrajectoryDiagnoses(actor, trajectoryId),
    getTrajectoryPolicy(actor, trajectoryId),
  ]);
  // Opening an item you hold counts as activity on it.
  if (can(actor.role, 'queue:work')) await touchClaim(actor, trajectoryId);
  // Keep only the recognised queue filters so "next" stays within them.
  const filters = queueFilterSchema.safeParse(query);
  const queueQuery = new URLSearchParams(
    filters.success
      ? Object.entries(filters.data).filter(
          (e): e is [string, string] =>
            typeof e[1] === 'string' && e[1] !== 'any' && !(e[0] === 'informational' && e[1] === 'exclude'),
        )
      : [],
  ).toString();
  const unassigned = view.task.benchmark === UNASSIGNED_TASK.benchmark && view.task.externalId === UNASSIGNED_TASK.id;
  return (
    <>
      {unassigned && can(actor.role, 'trajectory:reassign') ? <ReassignTraceForm trajectoryId={trajectoryId} /> : null}
      <TrajectoryWorkspace
        key={trajectoryId}
        view={view}
        categories={categories}
        initialDiagnoses={diagnoses}
        me={{
          id: actor.userId,
          canWrite: can(actor.role, 'diagnosis:write'),
          canWorkQueue: can(actor.role, 'queue:work'),
        }}
        initialCheckpointId={query.checkpoint ?? null}
        initialEvent={/^\d+$/.test(query.event ?? '') ? Number(query.event) : null}
        initialDiagnosisId={query.diagnosis ?? null}
        queueQuery={queueQuery}
        policy={policy}
        initialPolicyAnchor={/^[a-z0-9-]{1,120}$/.test(query.policy ?? '') ? query.policy! : null}
      />
    </>
  );
}
