import { randomBytes } from 'node:crypto';
import type { Role } from '@prisma/client';
import { hashPassword } from '@/lib/auth/password';
import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { nativeRecordSchema, type NativeRecordInput } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { DEMO_TASKS, expandAttempt, type DemoTask } from '@/lib/seed/demo-world';
import { ensureFailureCategories } from '@/lib/seed/seed-demo';

export const uid = () => randomBytes(4).toString('hex');

export async function createUser(role: Role, overrides: { email?: string; password?: string; active?: boolean } = {}) {
  const email = overrides.email ?? `${role.toLowerCase()}-${uid()}@test.local`;
  const user = await prisma.user.create({
    data: {
      email,
      name: `${role} ${email}`,
      role,
      active: overrides.active ?? true,
      passwordHash: await hashPassword(overrides.password ?? 'test-password'),
    },
  });
  return user;
}

export async function createActor(role: Role): Promise<Actor> {
  const u = await createUser(role);
  return { userId: u.id, name: u.name, email: u.email, role: u.role, via: 'session' };
}

/** A native record for one attempt of a demo task, under a unique benchmark so tests do not collide. */
export function demoRecord(
  opts: { benchmark?: string; task?: DemoTask; attempt?: number; trajectoryId?: string } = {},
): NativeRecordInput {
  const task = opts.task ?? DEMO_TASKS[0];
  const attempt = task.attempts[opts.attempt ?? 1];
  const benchmark = opts.benchmark ?? `bench-${uid()}`;
  const { events, checkpoints, passed } = expandAttempt(task, attempt);
  return {
    format: 'trajectory.v1',
    task: {
      id: task.externalId,
      benchmark,
      ability: task.ability,
      instruction: task.instruction,
      apps: task.apps,
      checkpoints: task.checkpoints.map((c) => ({ id: c.key, name: c.name, description: c.description })),
    },
    trajectory: {
      id: opts.trajectoryId ?? `${benchmark}:${task.externalId}:${attempt.model}`,
      model: attempt.model,
      agent: attempt.agent,
      trial: 0,
      outcome: { passed, score: passed ? 1 : 0 },
      feedback: 'checkpoint_binary',
    },
    events,
    checkpoints,
  };
}

/** Imports every attempt of a demo task under a fresh benchmark; returns the task id and trajectory ids by model. */
export async function seedDemoTask(task: DemoTask = DEMO_TASKS[0], benchmark = `bench-${uid()}`) {
  const trajectories: Record<string, string> = {};
  let taskId = '';
  await prisma.$transaction(async (tx) => {
    await ensureFailureCategories(tx);
    for (let i = 0; i < task.attempts.length; i++) {
      const res = await writeNativeRecord(tx, nativeRecordSchema.parse(demoRecord({ benchmark, task, attempt: i })));
      if (res.status !== 'imported') throw new Error(`seed failed: ${JSON.stringify(res)}`);
      trajectories[task.attempts[i].model] = res.trajectoryId;
      taskId = res.taskId;
    }
  });
  return { benchmark, taskId, trajectories };
}

export type SeedEvent = {
  source?: 'AGENT' | 'USER' | 'ENVIRONMENT' | 'VERIFIER';
  type?: 'MESSAGE' | 'TOOL_CALL' | 'OBSERVATION' | 'NOTIFICATION' | 'FINAL';
  tool?: string;
  content?: string;
  arguments?: Record<string, unknown>;
};

/** A task (found or created by benchmark + externalId) with the named checkpoints. */
export async function ensureTask(opts: {
  benchmark: string;
  externalId: string;
  ability?: string | null;
  checkpointKeys?: string[];
}) {
  const keys = opts.checkpointKeys ?? ['c0', 'c1'];
  const task = await prisma.task.upsert({
    where: { benchmark_externalId: { benchmark: opts.benchmark, externalId: opts.externalId } },
    update: {},
    create: {
      benchmark: opts.benchmark,
      externalId: opts.externalId,
      ability: opts.ability ?? null,
      instruction: `Task ${opts.externalId}`,
      apps: [],
      contentHash: uid(),
    },
  });
  for (const [position, key] of keys.entries()) {
    await prisma.taskCheckpoint.upsert({
      where: { taskId_key: { taskId: task.id, key } },
      update: {},
      create: { taskId: task.id, key, name: key, position },
    });
  }
  return task;
}

/**
 * One trajectory written with Prisma directly (no import path), for datasets
 * with known answers: checkpoint results by key, memory release and card ids, events.
 */
export async function seedTrajectory(opts: {
  benchmark: string;
  taskExternalId: string;
  ability?: string | null;
  model: string;
  checkpoints: Record<string, boolean>;
  memoryRelease?: string | null;
  memoryCardIds?: string[];
  events?: SeedEvent[];
  createdAt?: Date;
}) {
  const keys = Object.keys(opts.checkpoints);
  const task = await ensureTask({
    benchmark: opts.benchmark,
    externalId: opts.taskExternalId,
    ability: opts.ability,
    checkpointKeys: keys,
  });
  const cps = await prisma.taskCheckpoint.findMany({ where: { taskId: task.id, key: { in: keys } } });
  const failed = Object.values(opts.checkpoints).filter((p) => !p).length;
  const events = opts.events ?? [];
  return prisma.trajectory.create({
    data: {
      externalId: `${opts.benchmark}:${opts.taskExternalId}:${opts.model}:${uid()}`,
      taskId: task.id,
      model: opts.model,
      passed: failed === 0,
      memoryRelease: opts.memoryRelease ?? null,
      memoryCardIds: opts.memoryCardIds ?? [],
      contentHash: uid(),
      eventCount: events.length,
      failedCount: failed,
      pendingCount: failed,
      createdAt: opts.createdAt,
      checkpoints: { create: cps.map((c) => ({ checkpointId: c.id, passed: opts.checkpoints[c.key] })) },
      events: {
        create: events.map((e, position) => ({
          position,
          source: e.source ?? 'AGENT',
          type: e.type ?? (e.tool ? 'TOOL_CALL' : 'MESSAGE'),
          tool: e.tool ?? null,
          content: e.content ?? null,
          arguments: e.arguments as never,
        })),
      },
    },
    include: { checkpoints: true },
  });
}

/** The input of a complete diagnosis (every required field) of one checkpoint result under one category. */
export const completeDiagnosis = (checkpointResultId: string, categoryId: string) => ({
  checkpointResultId,
  categoryId,
  eventStart: 2,
  eventEnd: 4,
  whatWentWrong: 'Called the tool with the wrong reservation id.',
  whatShouldHaveHappened: 'Use the id the user gave, R1.',
  confidence: 4,
});
