import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { optionalFilterText } from '@/lib/http/filter-text';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { pageOf, pageQuerySchema, toPrismaPage, type Page } from '@/lib/http/pagination';
import { dashboardFilterSchema } from './filters';

// A switch in a link: `1` on, blank or absent off.
const flag = z
  .enum(['1', ''])
  .optional()
  .transform((v) => v === '1');

/** The list behind a dashboard point: trajectories by the dashboard filters plus round, outcome and injected card. */
export const trajectoryDrillSchema = dashboardFilterSchema.extend(pageQuerySchema.shape).extend({
  // "R0" = no memory, otherwise a release name.
  release: optionalFilterText(200),
  outcome: z
    .enum(['passed', 'failed', ''])
    .optional()
    .transform((v) => v || undefined),
  // A card key (or id) the trajectory was injected with.
  card: optionalFilterText(300),
  nullAbility: flag,
  // checkpointFailed=1: trajectories with a failed checkpoint, whatever their outcome (the list behind a diagnosis-coverage point).
  checkpointFailed: flag,
});
export type TrajectoryDrill = z.infer<typeof trajectoryDrillSchema>;

export type DrillTrajectory = {
  id: string;
  model: string;
  agent: string | null;
  passed: boolean;
  memoryRelease: string | null;
  failedCount: number;
  createdAt: string;
  task: { id: string; externalId: string; benchmark: string; ability: string | null };
};

export async function listDrillTrajectories(
  actor: Actor,
  input: unknown,
): Promise<Page<DrillTrajectory> & { query: TrajectoryDrill }> {
  requirePermission(actor, 'dashboard:read');
  const q = trajectoryDrillSchema.parse(input);
  const createdAt: Prisma.DateTimeFilter = {};
  if (q.from) createdAt.gte = new Date(`${q.from}T00:00:00Z`);
  if (q.to) createdAt.lt = new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000);
  const where: Prisma.TrajectoryWhereInput = {
    model: q.model,
    // "No agent" as the dashboard's panels count it (coalesce(agent, '') = ''): the format lets a run say "agent": "".
    ...(q.nullAgent ? { OR: [{ agent: null }, { agent: '' }] } : { agent: q.agent }),
    passed: q.outcome ? q.outcome === 'passed' : undefined,
    // The checkpoint counts the dashboard cube reads (kept by the CheckpointResult trigger), compared column to column.
    checkpointsPassed: q.checkpointFailed ? { lt: prisma.trajectory.fields.checkpointCount } : undefined,
    memoryRelease: q.release === undefined ? undefined : q.release === 'R0' ? null : q.release,
    memoryCardIds: q.card ? { has: q.card } : undefined,
    createdAt: q.from || q.to ? createdAt : undefined,
    task: { benchmark: q.benchmark, ability: q.nullAbility ? null : q.ability },
  };
  const [items, total] = await Promise.all([
    prisma.trajectory.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      ...toPrismaPage(q),
      select: {
        id: true,
        model: true,
        agent: true,
        passed: true,
        memoryRelease: true,
        failedCount: true,
        createdAt: true,
        task: { select: { id: true, externalId: true, benchmark: true, ability: true } },
      },
    }),
    prisma.trajectory.count({ where }),
  ]);
  return {
    ...pageOf(
      items.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
      total,
      q,
    ),
    query: q,
  };
}
