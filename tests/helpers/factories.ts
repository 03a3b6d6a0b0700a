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
    data: { email, name: `${role} ${email}`, role, active: overrides.active ?? true, passwordHash: await hashPassword(overrides.password ?? 'test-password') },
  });
  return user;
}

export async function createActor(role: Role): Promise<Actor> {
  const u = await createUser(role);
  return { userId: u.id, name: u.name, email: u.email, role: u.role, via: 'session' };
}

/** A native record for one attempt of a demo task, under a unique benchmark so tests do not collide. */
export function demoRecord(opts: { benchmark?: string; task?: DemoTask; attempt?: number; trajectoryId?: string } = {}): NativeRecordInput {
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
