import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { DEMO_TASKS } from '@/lib/seed/demo-world';

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
    const tasks = await prisma.task.findMany({
      include: { trajectories: { select: { model: true, passed: true, eventCount: true } } },
    });
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
      include: {
        review: true,
        proposal: {
          include: {
            delta: {
              include: {
                run: { include: { diagnoses: { include: { diagnosis: { include: { trajectory: true } } } } } },
              },
            },
          },
        },
      },
    });
    expect(version.review?.decision).toBe('APPROVED');
    expect(version.proposal?.operation).toBe('PATCH_CARD');
    const diagnoses = version.proposal?.delta?.run.diagnoses ?? [];
    expect(diagnoses.length).toBeGreaterThan(0);
    expect(diagnoses[0].diagnosis.trajectory.passed).toBe(false);
  });

  it("leads every seeded skill card's provenance to the task its text is about: a run on that task, with only that task's trajectories and diagnoses", async () => {
    await seedDemoWorkspace();
    const versions = await prisma.cardVersion.findMany({
      where: { card: { kind: 'SKILL' } },
      include: {
        card: true,
        proposal: {
          include: {
            run: {
              include: {
                task: true,
                trajectories: { include: { trajectory: true } },
                diagnoses: { include: { diagnosis: { include: { trajectory: true } } } },
              },
            },
          },
        },
      },
    });
    expect(versions.length).toBeGreaterThanOrEqual(5);
    for (const v of versions) {
      const run = v.proposal!.run!;
      const label = `${v.card.title} v${v.number} (run on ${run.task?.externalId})`;
      expect(run.task?.ability, label).toBe(v.card.ability);
      // The functions the card is about are ones that task's runs call.
      const tools = DEMO_TASKS.find((t) => t.externalId === run.task!.externalId)!.steps.map((s) => s.tool);
      for (const f of (v.content as { functions_used: string[] }).functions_used) expect(tools, label).toContain(f);
      expect(
        run.trajectories.map((t) => t.trajectory.taskId),
        label,
      ).toEqual(run.trajectories.map(() => run.taskId));
      expect(
        run.diagnoses.map((d) => d.diagnosis.trajectory.taskId),
        label,
      ).toEqual(run.diagnoses.map(() => run.taskId));
    }
    // The diagnosed tasks' cards still reach their diagnoses.
    const leg = versions.find((v) => v.card.title === 'Name the leg when cancelling part of a trip')!;
    expect(leg.proposal!.run!.diagnoses.length).toBeGreaterThan(0);
  });

  it('keeps the queue counter in step: diagnosed trajectories have no pending checkpoints', async () => {
    await seedDemoWorkspace();
    const diagnosed = await prisma.trajectory.findMany({ where: { diagnoses: { some: { status: 'SUBMITTED' } } } });
    expect(diagnosed.length).toBeGreaterThan(0);
    for (const t of diagnosed) expect(t.pendingCount).toBe(0);
    expect(await prisma.trajectory.count({ where: { pendingCount: { gt: 0 } } })).toBeGreaterThan(0);
  });
});
