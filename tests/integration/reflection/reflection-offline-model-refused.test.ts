import { describe, expect, it, vi } from 'vitest';
import { POST as batchesRoute } from '@/app/api/reflection/batches/route';
import { POST as functionCardsRoute } from '@/app/api/reflection/function-cards/route';
import { POST as runsRoute } from '@/app/api/reflection/runs/route';
import { prisma } from '@/lib/db/prisma';
import { callRoute, sessionCookie } from '../../helpers/call-route';
import { ensureTask, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

async function researcherAndTask() {
  const { cookie } = await sessionCookie('RESEARCHER');
  const { id: taskId } = await ensureTask({ benchmark: `offline-model-${uid()}`, externalId: 'airline/2' });
  return { cookie, taskId };
}

type ErrorBody = { error: { message: string; details: { path: string; message: string }[] } };

describe('a reflection run with the offline provider and a model name', () => {
  it('is refused with a 400 naming reflectorModel, and no run is queued (the model used to be dropped silently)', async () => {
    const { cookie, taskId } = await researcherAndTask();
    const res = await callRoute(runsRoute, '/api/reflection/runs', {
      cookie,
      body: JSON.stringify({
        taskId,
        settings: { provider: 'offline', requireDiagnoses: false, reflectorModel: 'gpt-4.1' },
      }),
    });
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.error.message).toBe(
      'reflectorModel: the offline provider uses no model; leave it out or choose the openai provider',
    );
    expect(body.error.details.map((d) => d.path)).toEqual(['settings.reflectorModel']);
    expect(await prisma.reflectionRun.count({ where: { taskId } })).toBe(0);
  });

  it('names both fields when both models are given, on a batch too', async () => {
    const { cookie, taskId } = await researcherAndTask();
    const res = await callRoute(batchesRoute, '/api/reflection/batches', {
      cookie,
      body: JSON.stringify({
        mode: 'task-ids',
        taskIds: [taskId],
        settings: { provider: 'offline', requireDiagnoses: false, reflectorModel: 'a', curatorModel: 'b' },
      }),
    });
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.error.details.map((d) => d.path)).toEqual(['settings.reflectorModel', 'settings.curatorModel']);
    expect(await prisma.reflectionRun.count({ where: { taskId } })).toBe(0);
  });

  it('refuses a function-card run with the offline provider and a model, naming model', async () => {
    const { cookie } = await researcherAndTask();
    const before = await prisma.reflectionRun.count({ where: { kind: 'FUNCTION_CARDS' } });
    const res = await callRoute(functionCardsRoute, '/api/reflection/function-cards', {
      cookie,
      body: JSON.stringify({ provider: 'offline', model: 'gpt-4.1' }),
    });
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.error.message).toMatch(/^model: the offline provider uses no model/);
    expect(body.error.details.map((d) => d.path)).toEqual(['model']);
    expect(await prisma.reflectionRun.count({ where: { kind: 'FUNCTION_CARDS' } })).toBe(before);
  });

  it('still queues the offline run when no model is named', async () => {
    const { cookie, taskId } = await researcherAndTask();
    const res = await callRoute(runsRoute, '/api/reflection/runs', {
      cookie,
      body: JSON.stringify({ taskId, settings: { provider: 'offline', requireDiagnoses: false } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { run: { status: string } }).run.status).toBe('QUEUED');
  });
});
