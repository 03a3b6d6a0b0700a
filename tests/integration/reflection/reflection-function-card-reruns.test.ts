import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { seedDemoTask } from '../../helpers/factories';
import { createQueuedRun } from '../../helpers/reflection-fixtures';

const toolOf = (p: { proposedCard: unknown }) => (p.proposedCard as { tool: string }).tool;

// Function cards are global: this file owns its database.
describe('re-running function cards after new imports', () => {
  it('a run over all observed calls supersedes the earlier unreviewed card proposals of the same tools; a narrower run does not', async () => {
    await seedDemoTask(DEMO_TASKS[0]);
    const first = await createQueuedRun({ kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    await executeRun(first.id);
    const firstPending = await prisma.proposal.findMany({ where: { runId: first.id, status: 'PENDING' } });
    expect(firstPending.length).toBeGreaterThanOrEqual(2);

    // More trajectories arrive (a second benchmark of the same apps): new evidence, new input hash.
    const { taskId } = await seedDemoTask(DEMO_TASKS[0]);
    const narrow = await createQueuedRun({
      taskId,
      kind: 'FUNCTION_CARDS',
      settings: { provider: 'offline', tools: ['mail.search_messages'] },
    });
    await executeRun(narrow.id);
    // A run over one task's calls saw less than the first run: it leaves the first run's proposals waiting.
    expect(await prisma.proposal.count({ where: { runId: first.id, status: 'PENDING' } })).toBe(firstPending.length);

    const second = await createQueuedRun({ kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    await executeRun(second.id);
    const pending = await prisma.proposal.findMany({ where: { cardKind: 'FUNCTION', status: 'PENDING' } });
    // One pending card per tool, all from the second run (and there are some: every() over nothing proves nothing).
    expect(pending.length).toBeGreaterThanOrEqual(firstPending.length);
    expect(new Set(pending.map(toolOf)).size, JSON.stringify(pending.map(toolOf))).toBe(pending.length);
    expect(pending.every((p) => p.runId === second.id)).toBe(true);
    expect(await prisma.proposal.count({ where: { runId: first.id, status: 'SUPERSEDED' } })).toBe(firstPending.length);
  });

  it('two function-card runs on the same calls executed at once leave one pending card per tool', async () => {
    await seedDemoTask(DEMO_TASKS[1]);
    const a = await createQueuedRun({ kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    const b = await createQueuedRun({ kind: 'FUNCTION_CARDS', settings: { provider: 'offline' } });
    await Promise.all([executeRun(a.id), executeRun(b.id)]);
    const runs = await prisma.reflectionRun.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(runs.map((r) => r.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const pending = await prisma.proposal.findMany({ where: { cardKind: 'FUNCTION', status: 'PENDING' } });
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(new Set(pending.map(toolOf)).size, JSON.stringify(pending.map((p) => [toolOf(p), p.runId]))).toBe(
      pending.length,
    );
  });
});
