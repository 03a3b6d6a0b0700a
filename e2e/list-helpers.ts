import { randomBytes } from 'node:crypto';
import type { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { ownAbility } from './review-helpers';

const hex = () => randomBytes(4).toString('hex');

/** A task of its own (`<name>/<random>` under `benchmark`), so a list filtered to it holds only what the test adds. */
export function createOwnTask(benchmark: string, name: string) {
  return prisma.task.create({
    data: { benchmark, externalId: `${name}/${hex()}`, instruction: name, apps: [], contentHash: `${name}-${hex()}` },
  });
}

/**
 * A task of its own with `runs` finished offline runs, one second apart (so the newest-first order is known);
 * with `lastFailed`, the newest one failed. Returns the task id.
 */
export async function seedFinishedRuns(benchmark: string, runs: number, { lastFailed = false } = {}) {
  const task = await createOwnTask(benchmark, 'runs');
  const start = Date.parse('2026-06-01T12:00:00.000Z');
  await prisma.reflectionRun.createMany({
    data: Array.from({ length: runs }, (_, i) => ({
      taskId: task.id,
      provider: 'OFFLINE' as const,
      status: lastFailed && i === runs - 1 ? ('FAILED' as const) : ('SUCCEEDED' as const),
      createdAt: new Date(start + i * 1000),
    })),
  });
  return task.id;
}

/** A finished offline run on a task of its own under `benchmark`, for proposals that list by task. */
export async function createOwnRun(benchmark: string, name: string) {
  const task = await createOwnTask(benchmark, name);
  const run = await prisma.reflectionRun.create({
    data: { taskId: task.id, provider: 'OFFLINE', status: 'SUCCEEDED' },
  });
  return { task, run };
}

/** A run's ADD_CARD proposal of the demo card titled `title`, in an ability bank of its own. */
export function createRunProposal(
  runId: string,
  title: string,
  data: Pick<Prisma.ProposalUncheckedCreateInput, 'reason' | 'status' | 'valid'>,
) {
  return prisma.proposal.create({
    data: {
      runId,
      cardKind: 'SKILL',
      ability: ownAbility(),
      operation: 'ADD_CARD',
      proposedCard: { ...DEMO_SKILL_CARDS[0].versions[0], title } as Prisma.InputJsonValue,
      ...data,
    },
  });
}
