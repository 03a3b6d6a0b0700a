import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { seedTrajectory, uid } from '../../helpers/factories';

/** The heap page a task's current row version sits on. */
async function pageOf(taskId: string): Promise<number> {
  const [row] = await prisma.$queryRaw<
    { page: number }[]
  >`SELECT (ctid::text::point)[0]::int AS page FROM "Task" WHERE id = ${taskId}`;
  return row.page;
}

describe('task rows under import', () => {
  // Every import batch recounts its tasks' runGroups (about 40 updates per task for 100,000 trajectories). On a full
  // page each update wrote the row to another page and into all of Task's indexes: 168 MB for 5,000 tasks.
  it('keeps a task on its page while its runs are recounted, even when its neighbours were written with it', async () => {
    const benchmark = `rows-${uid()}`;
    // Written in one statement, like an import's tasks: with full pages these rows would leave no room on theirs.
    // Short rows, so that the half page left free holds every new version of this one even when nothing is pruned:
    // pruning waits for every open snapshot in the database (an autovacuum ANALYZE, in a full test run).
    const instruction = 'Book the cheapest refundable fare and confirm the passenger details.';
    await prisma.task.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        benchmark,
        externalId: `t${i}`,
        ability: 'airline',
        instruction,
        apps: [],
        contentHash: uid(),
      })),
    });
    const task = await prisma.task.findFirstOrThrow({ where: { benchmark, externalId: 't3' } });
    const before = await pageOf(task.id);
    for (const model of ['alpha', 'beta', 'gamma', 'delta']) {
      await seedTrajectory({ benchmark, taskExternalId: 't3', model, checkpoints: { c0: model !== 'beta' } });
    }
    const after = await prisma.task.findUniqueOrThrow({ where: { id: task.id }, select: { runGroups: true } });
    expect(after.runGroups).toEqual([
      ['alpha', 'beta', 'delta', 'gamma'],
      [null, null, null, null],
      [true, false, true, true],
      [1, 1, 1, 1],
      [1, 0, 1, 1],
      [1, 1, 1, 1],
    ]);
    expect(await pageOf(task.id)).toBe(before);
  });
});
