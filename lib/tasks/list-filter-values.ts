import { prisma } from '@/lib/db/prisma';
import { listTrajectoryModels } from '@/lib/trajectories/list-models';

export type ListFilterValues = { benchmarks: string[]; abilities: string[]; models: string[] };

/**
 * The benchmark, ability and model menus shared by the task list, the
 * dashboard and search: one place, so every list offers the same values and
 * none reads every trajectory for its model menu (listTrajectoryModels is a
 * loose index scan). Callers check their own permission.
 */
export async function listFilterValues(): Promise<ListFilterValues> {
  const [benchmarks, abilities, models] = await Promise.all([
    prisma.task.findMany({ distinct: ['benchmark'], select: { benchmark: true }, orderBy: { benchmark: 'asc' } }),
    prisma.task.findMany({
      distinct: ['ability'],
      where: { ability: { not: null } },
      select: { ability: true },
      orderBy: { ability: 'asc' },
    }),
    listTrajectoryModels(),
  ]);
  return { benchmarks: benchmarks.map((b) => b.benchmark), abilities: abilities.map((a) => a.ability!), models };
}
