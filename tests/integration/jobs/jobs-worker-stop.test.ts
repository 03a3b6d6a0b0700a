import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { startReflectionWorker } from '@/lib/reflection/reflection-worker';
import { createReflectionRun } from '@/lib/reflection/create-run';
import { DEMO_BENCHMARK } from '@/lib/seed/demo-world';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { fakeOpenAiForFile, reply } from '../../helpers/fake-openai-server';
import { createActor } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';

// An LLM that never answers keeps a run active, so stopping the worker has to wait for it.
const fake = fakeOpenAiForFile();

beforeAll(async () => {
  await seedDemoWorkspace();
  fake().respond(() => reply.hang());
  process.env.LLM_TIMEOUT_MS = '60000';
});

afterAll(async () => {
  await stopBoss();
});

describe('stopping the reflection worker', () => {
  it('says in its log how many runs it waits for, in words ("1 active run"), and fails the run it had to stop', async () => {
    const taskId = (
      await prisma.task.findUniqueOrThrow({
        where: { benchmark_externalId: { benchmark: DEMO_BENCHMARK, externalId: 'mail/1' } },
      })
    ).id;
    const reviewer = await createActor('REVIEWER');
    const logs: string[] = [];
    const worker = await startReflectionWorker({ concurrency: 1, stopGraceMs: 1_000, log: (m) => logs.push(m) });
    const run = await createReflectionRun(reviewer, {
      taskId,
      settings: { provider: 'openai', reflectorModel: 'fake-reflector', curatorModel: 'fake-curator' },
    });
    await waitFor('the run to reach the LLM', async () => fake().requests.length > 0 || undefined);
    await worker.stop();
    expect(logs).toContain('waiting up to 1 s for 1 active run');
    expect(logs.join('\n')).not.toContain('(s)');
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('FAILED');
  });
});
