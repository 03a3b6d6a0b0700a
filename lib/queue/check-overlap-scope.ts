import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';

const SHOWN = 5;

const listed = (names: string[]) =>
  (names.length > SHOWN ? `${names.slice(0, SHOWN).join(', ')}, …` : names.join(', ')) || 'none yet';

/**
 * Overlap k is set for a benchmark, or one ability of it, that has imported
 * tasks: a misspelt name would be stored and listed as a setting that covers
 * nothing. Refused with the known names. A setting that already exists passes,
 * so one whose tasks are gone can still be changed or removed.
 */
export async function assertOverlapScope(input: { benchmark: string; ability: string }): Promise<void> {
  const { benchmark, ability } = input;
  const [task, setting] = await Promise.all([
    prisma.task.findFirst({ where: { benchmark, ...(ability ? { ability } : {}) }, select: { id: true } }),
    prisma.overlapSetting.findUnique({ where: { benchmark_ability: { benchmark, ability } }, select: { id: true } }),
  ]);
  if (task || setting) return;
  if (!ability || !(await prisma.task.findFirst({ where: { benchmark }, select: { id: true } }))) {
    throw new AppError(
      'VALIDATION',
      `Unknown benchmark "${benchmark}": no imported task has it (known: ${await knownValues('benchmark', {})})`,
      [{ path: 'benchmark', message: 'no imported task has this benchmark' }],
    );
  }
  const abilities = await knownValues('ability', { benchmark, ability: { not: null } });
  throw new AppError(
    'VALIDATION',
    `Unknown ability "${ability}" of ${benchmark}: no imported task of it has this ability (its abilities: ${abilities})`,
    [{ path: 'ability', message: `no task of ${benchmark} has this ability` }],
  );
}

/** The first few distinct values of a task field among `where`'s tasks, in order, listed for a refusal. */
async function knownValues(field: 'benchmark' | 'ability', where: Prisma.TaskWhereInput): Promise<string> {
  const rows = await prisma.task.findMany({
    where,
    distinct: [field],
    select: { benchmark: true, ability: true },
    orderBy: { [field]: 'asc' },
    take: SHOWN + 1,
  });
  return listed(rows.map((r) => r[field] ?? ''));
}
