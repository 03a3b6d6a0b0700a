import { Prisma } from '@prisma/client';
import type { ArmSpec, CompareScope } from './arm-spec';

/** The conditions of one arm and the shared scope on trajectories `t` (the task fields are copied onto them). */
export function armWhere(arm: ArmSpec, scope: CompareScope, taskIds: string[] | null): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`TRUE`];
  if (arm.release === null) parts.push(Prisma.sql`t."memoryRelease" IS NULL`);
  else if (arm.release !== undefined) parts.push(Prisma.sql`t."memoryRelease" = ${arm.release}`);
  if (arm.model) parts.push(Prisma.sql`t.model = ${arm.model}`);
  if (arm.agent) parts.push(Prisma.sql`t.agent = ${arm.agent}`);
  if (arm.importId) parts.push(Prisma.sql`t."importJobId" = ${arm.importId}`);
  if (scope.benchmark) parts.push(Prisma.sql`t.benchmark = ${scope.benchmark}`);
  if (scope.ability) parts.push(Prisma.sql`t.ability = ${scope.ability}`);
  if (taskIds) parts.push(Prisma.sql`t."taskId" = ANY(${taskIds}::text[])`);
  return Prisma.join(parts, ' AND ');
}
