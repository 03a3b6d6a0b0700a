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
    const known = await prisma.task.findMany({
      distinct: ['benchmark'],
      select: { benchmark: true },
      orderBy: { benchmark: 'asc' },
      take: SHOWN + 1,
    });
    throw new AppError(
      'VALIDATION',
      `Unknown benchmark "${benchmark}": no imported task has it (known: ${listed(known.map((k) => k.benchmark))})`,
      [{ path: 'benchmark', message: 'no imported task has this benchmark' }],
    );
  }
  const abilities = await prisma.task.findMany({
    where: { benchmark, ability: { not: null } },
    distinct: ['ability'],
    select: { ability: true },
    orderBy: { ability: 'asc' },
    take: SHOWN + 1,
  });
  throw new AppError(
    'VALIDATION',
    `Unknown ability "${ability}" of ${benchmark}: no imported task of it has this ability (its abilities: ${listed(abilities.map((a) => a.ability!))})`,
    [{ path: 'ability', message: `no task of ${benchmark} has this ability` }],
  );
}
