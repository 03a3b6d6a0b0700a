import type { Prisma } from '@prisma/client';
import type { DiagnosisView } from './diagnosis-schemas';
import { targetIdOf } from '@/lib/trajectories/run-target';

export const DIAGNOSIS_INCLUDE = {
  author: { select: { id: true, name: true } },
  category: { select: { id: true, key: true, label: true } },
  _count: { select: { revisions: true } },
} as const satisfies Prisma.DiagnosisInclude;

type Row = Prisma.DiagnosisGetPayload<{ include: typeof DIAGNOSIS_INCLUDE }>;

export function toDiagnosisView(d: Row): DiagnosisView {
  return {
    id: d.id,
    trajectoryId: d.trajectoryId,
    checkpointResultId: d.checkpointResultId,
    runLevel: d.runTrajectoryId != null,
    targetId: targetIdOf(d),
    author: d.author,
    category: d.category,
    eventStart: d.eventStart,
    eventEnd: d.eventEnd,
    whatWentWrong: d.whatWentWrong,
    whatShouldHaveHappened: d.whatShouldHaveHappened,
    confidence: d.confidence,
    status: d.status,
    outcome: d.outcome,
    submittedAt: d.submittedAt?.toISOString() ?? null,
    updatedAt: d.updatedAt.toISOString(),
    revisionCount: d._count.revisions,
  };
}
