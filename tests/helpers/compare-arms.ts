import { prisma } from '@/lib/db/prisma';
import { seedTrajectory, uid, type SeedEvent } from './factories';

/** One run of a two-arm dataset: which task, trial, model and release, and its checkpoint results. */
export type ArmRunSpec = {
  task: string;
  trial: number | null;
  model?: string;
  release: string | null;
  cps: Record<string, boolean>;
  cards?: string[];
  events?: SeedEvent[];
  ability?: string;
  createdAt?: Date;
  /** Anchors failed checkpoint results to this event position. */
  failedAt?: number;
};

/** Seeds the runs in order (the order is their import order: a later run of the same pair supersedes an earlier one). */
export async function seedArmRuns(benchmark: string, runs: ArmRunSpec[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, r] of runs.entries()) {
    const t = await seedTrajectory({
      benchmark,
      taskExternalId: r.task,
      ability: r.ability ?? 'airline',
      model: r.model ?? 'm1',
      checkpoints: r.cps,
      memoryRelease: r.release,
      memoryCardIds: r.cards ?? [],
      events: r.events,
      // One second apart so "newest" is unambiguous.
      createdAt: r.createdAt ?? new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    });
    await prisma.trajectory.update({ where: { id: t.id }, data: { trial: r.trial } });
    if (r.failedAt !== undefined)
      await prisma.checkpointResult.updateMany({
        where: { trajectoryId: t.id, passed: false },
        data: { eventIndex: r.failedAt },
      });
    ids.push(t.id);
  }
  return ids;
}

/** Results of a run with one checkpoint (c0), for ArmRunSpec.cps. */
export const PASSED = { c0: true };
export const FAILED = { c0: false };

/** Releases frozen a month apart from 2026-01-01, oldest first, one per prefix (named `prefix-<random>`). */
export async function monthlyReleases(...prefixes: string[]): Promise<string[]> {
  const names = prefixes.map((p) => `${p}-${uid()}`);
  for (const [i, name] of names.entries())
    await prisma.bankRelease.create({ data: { name, createdAt: new Date(Date.UTC(2026, i, 1)) } });
  return names;
}
