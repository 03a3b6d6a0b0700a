import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';

async function counts() {
  const [users, tasks, trajectories, events, diagnoses, cards, versions, categories] = await Promise.all([
    prisma.user.count(),
    prisma.task.count(),
    prisma.trajectory.count(),
    prisma.event.count(),
    prisma.diagnosis.count(),
    prisma.card.count(),
    prisma.cardVersion.count(),
    prisma.failureCategory.count(),
  ]);
  return { users, tasks, trajectories, events, diagnoses, cards, versions, categories };
}

describe('demo seed', () => {
  // First in the file: the database is still empty, so the two seeds really race for it.
  it('seeds once and never duplicates on re-runs, even two started at once on an empty database', async () => {
    expect(await prisma.user.count()).toBe(0);
    const raced = await Promise.all([seedDemoWorkspace(), seedDemoWorkspace()]);
    expect([...raced].sort()).toEqual([false, true]);
    const first = await counts();
    expect(first.trajectories).toBeGreaterThan(0);
    expect(await seedDemoWorkspace()).toBe(false);
    expect(await counts()).toEqual(first);
    // One demo user per login, not two.
    const emails = (await prisma.user.findMany({ select: { email: true } })).map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('makes every screen real: abilities, tasks, models, events, diagnoses and a versioned bank with provenance', async () => {
    await seedDemoWorkspace();
    const tasks = await prisma.task.findMany({ include: { trajectories: { select: { model: true, passed: true, eventCount: true } } } });
    expect(new Set(tasks.map((t) => t.ability)).size).toBeGreaterThanOrEqual(2);
    expect(tasks.length).toBeGreaterThanOrEqual(6);
    for (const t of tasks) {
      expect(new Set(t.trajectories.map((x) => x.model)).size).toBeGreaterThanOrEqual(3);
      for (const x of t.trajectories) expect(x.eventCount).toBeGreaterThanOrEqual(20);
    }
    const outcomes = tasks.flatMap((t) => t.trajectories.map((x) => x.passed));
    expect(outcomes).toContain(true);
    expect(outcomes).toContain(false);
    expect(await prisma.checkpointResult.count({ where: { eventIndex: null } })).toBe(0);
    expect(await prisma.diagnosis.count({ where: { status: 'SUBMITTED' } })).toBeGreaterThan(0);
    expect(await prisma.card.count({ where: { kind: 'SKILL' } })).toBeGreaterThanOrEqual(5);
    expect(await prisma.card.count({ where: { kind: 'FUNCTION' } })).toBeGreaterThanOrEqual(5);
    expect(await prisma.card.count({ where: { versions: { some: { number: 2 } } } })).toBeGreaterThanOrEqual(2);

    // Provenance chain is walkable by foreign keys: version → review → proposal → delta → run → diagnoses → trajectories.
    const version = await prisma.cardVersion.findFirstOrThrow({
      where: { number: 2, card: { kind: 'SKILL' } },
      include: { review: true, proposal: { include: { delta: { include: { run: { include: { diagnoses: { include: { diagnosis: { include: { trajectory: true } } } } } } } } } } },
    });
    expect(version.review?.decision).toBe('APPROVED');
    expect(version.proposal?.operation).toBe('PATCH_CARD');
    const diagnoses = version.proposal?.delta?.run.diagnoses ?? [];
    expect(diagnoses.length).toBeGreaterThan(0);
    expect(diagnoses[0].diagnosis.trajectory.passed).toBe(false);
  });

  it('keeps the queue counter in step: diagnosed trajectories have no pending checkpoints', async () => {
    await seedDemoWorkspace();
    const diagnosed = await prisma.trajectory.findMany({ where: { diagnoses: { some: { status: 'SUBMITTED' } } } });
    expect(diagnosed.length).toBeGreaterThan(0);
    for (const t of diagnosed) expect(t.pendingCount).toBe(0);
    expect(await prisma.trajectory.count({ where: { pendingCount: { gt: 0 } } })).toBeGreaterThan(0);
  });
});
