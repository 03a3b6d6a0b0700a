import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';

export type PolicyView = {
  id: string;
  kind: 'POLICY' | 'SYSTEM_PROMPT';
  benchmark: string;
  /** '' when the runs name no domain. */
  ability: string;
  text: string;
  /** How many imported runs were given this text (it is stored once for all of them). */
  runCount: number;
};

/** The policy or system prompt a trajectory's agent had, or null when its import carried none. */
export async function getTrajectoryPolicy(actor: Actor, trajectoryId: string): Promise<PolicyView | null> {
  requirePermission(actor, 'trajectory:read');
  const t = await prisma.trajectory.findUnique({
    where: { id: trajectoryId },
    select: { policy: { include: { _count: { select: { trajectories: true } } } } },
  });
  if (!t) throw notFound('Trajectory');
  if (!t.policy) return null;
  const { _count, createdAt: _createdAt, contentHash: _hash, ...policy } = t.policy;
  return { ...policy, runCount: _count.trajectories };
}
