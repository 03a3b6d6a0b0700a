import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { stopBoss } from '@/lib/jobs/boss';
import { enqueueReflectionRun } from '@/lib/jobs/enqueue';
import { startReflectionWorker } from '@/lib/reflection/reflection-worker';
import { LLM_OPTIONS_SETTING } from '@/lib/llm/config';
import { DEMO_BENCHMARK } from '@/lib/seed/demo-world';
import { seedDemoWorkspace } from '@/lib/seed/seed-demo';
import { waitFor } from '../../helpers/wait-for';
import { listenOnLoopback } from '../../helpers/loopback-server';

/**
 * The real thing: a standalone worker process (`npm run worker`) takes a run
 * and is killed with SIGKILL while the run waits on the LLM; the next worker
 * start must end the run cleanly (never stuck RUNNING).
 */
let mode: 'hang' | 'error' = 'hang';
let llm: http.Server;
let closeLlm: () => Promise<void>;
let baseURL = '';
const held: http.ServerResponse[] = [];

beforeAll(async () => {
  llm = http.createServer((req, res) => {
    req.resume();
    if (mode === 'hang') {
      held.push(res); // never answered: the run stays in its LLM call
      return;
    }
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'test endpoint is down' } }));
  });
  const { port, close } = await listenOnLoopback(llm);
  closeLlm = close;
  baseURL = `http://127.0.0.1:${port}/v1`;
  process.env.OPENAI_BASE_URL = baseURL;
  await seedDemoWorkspace();
  // No retries and a short timeout, so the recovered run fails fast.
  await prisma.setting.upsert({
    where: { key: LLM_OPTIONS_SETTING },
    create: { key: LLM_OPTIONS_SETTING, value: { maxRetries: 0, timeoutMs: 3000, concurrency: 2 } },
    update: { value: { maxRetries: 0, timeoutMs: 3000, concurrency: 2 } },
  });
});

afterAll(async () => {
  for (const r of held) r.destroy();
  await closeLlm();
  await stopBoss();
});

function startWorkerProcess(): ChildProcess {
  // node itself, not the tsx wrapper: SIGKILL to the wrapper would leave its node child (the real worker) running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    env: { ...process.env, OPENAI_BASE_URL: baseURL, LLM_TIMEOUT_MS: '600000', WORKER_CONCURRENCY: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

it(
  'a worker killed mid-run leaves no run stuck RUNNING: the next worker start ends it cleanly',
  { timeout: 90_000 },
  async () => {
    const task = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: DEMO_BENCHMARK, externalId: 'mail/1' } },
    });
    const run = await prisma.reflectionRun.create({
      data: {
        kind: 'REFLECTION',
        taskId: task.id,
        provider: 'OPENAI',
        model: 'test-model',
        settings: {
          provider: 'openai',
          scope: 'failed_and_passed',
          requireDiagnoses: true,
          reflectorModel: 'test-model',
          curatorModel: 'test-model',
        },
      },
    });
    await enqueueReflectionRun(run.id);

    const child = startWorkerProcess();
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await waitFor(
        'the worker process to start the run',
        async () => (await prisma.reflectionRun.findUnique({ where: { id: run.id } }))?.status === 'RUNNING',
      );
      await waitFor('the run to reach the LLM', async () => held.length > 0);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('RUNNING');

    mode = 'error';
    const worker = await startReflectionWorker({ concurrency: 1, log: () => undefined });
    try {
      const done = await waitFor('the recovered run to finish', async () => {
        const r = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } });
        return r.status === 'SUCCEEDED' || r.status === 'FAILED' ? r : null;
      });
      // The endpoint is down after the restart: the run fails with the reason instead of hanging.
      expect(done.status).toBe('FAILED');
      // The reason names the step and what the endpoint said, not just "something failed".
      expect(done.error).toMatch(/reflector/);
      expect(done.error).toContain('test endpoint is down');
      expect(done.finishedAt).not.toBeNull();
    } finally {
      await worker.stop();
    }
  },
);
