import { describe, expect, it, vi } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { attachCheckpoints } from '@/lib/import/attach-checkpoint-results';
import { receiveTraces } from '@/lib/otlp/receive-traces';
import { reassignTrace } from '@/lib/otlp/reassign-trace';
import { POST } from '@/app/api/trajectories/[trajectoryId]/reassign/route';
import { GET as listTasksRoute } from '@/app/api/tasks/route';
import { GET as ingestionRoute } from '@/app/api/imports/otlp/route';
import { callRoute } from '../../helpers/call-route';
import { createActor, uid } from '../../helpers/factories';
import { otlpToken } from '../../helpers/otlp-receiver';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const nowNs = BigInt(Date.now()) * 1_000_000n;
const str = (key: string, value: string) => ({ key, value: { stringValue: value } });

const admins = new Map<string, Awaited<ReturnType<typeof createActor>>>();

/** A trace of a root span and one tool span, naming no task: it lands under the unassigned task. */
async function unassignedTrace(traceId = uid().repeat(4), extraSpans: string[] = []) {
  const admin = admins.get(traceId) ?? (await createActor('ADMIN'));
  admins.set(traceId, admin);
  const span = (spanId: string, parent: string | undefined, attributes: unknown[]) => ({
    traceId,
    spanId,
    ...(parent ? { parentSpanId: parent } : {}),
    name: spanId,
    startTimeUnixNano: String(nowNs),
    endTimeUnixNano: String(nowNs + 1000n),
    attributes,
  });
  const body = JSON.stringify({
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              span('00000000000000a1', undefined, [str('gen_ai.operation.name', 'invoke_agent')]),
              span('00000000000000a2', '00000000000000a1', [
                str('gen_ai.operation.name', 'execute_tool'),
                str('gen_ai.tool.name', 'get_order'),
                str('gen_ai.tool.call.id', 'c1'),
                str('gen_ai.tool.call.result', '{"status":"shipped"}'),
              ]),
              ...extraSpans.map((id) =>
                span(id, '00000000000000a1', [
                  str('gen_ai.operation.name', 'execute_tool'),
                  str('gen_ai.tool.name', 'refund'),
                  str('gen_ai.tool.call.result', 'done'),
                ]),
              ),
            ],
          },
        ],
      },
    ],
  });
  const { builds } = await receiveTraces(admin, { encoding: 'json', readBody: async () => Buffer.from(body) });
  expect(await builds).toEqual([expect.objectContaining({ status: 'built' })]);
  const trajectory = await prisma.trajectory.findFirstOrThrow({
    where: { externalId: `otlp-${traceId}` },
    include: { task: true },
  });
  if (extraSpans.length) return { admin, trajectory, traceId };
  expect(trajectory.task).toMatchObject({ benchmark: 'otlp', externalId: 'unassigned' });
  // The task's metadata is stored as an object (not a JSON string) by the import writer.
  expect(trajectory.task.metadata).toMatchObject({ source: 'otlp' });
  return { admin, trajectory, traceId };
}

describe('an admin re-assigns a trace that named no task', () => {
  it('to an existing task: the run and its checkpoint results move, audited', async () => {
    const { admin, trajectory } = await unassignedTrace();
    await attachCheckpoints(admin, trajectory.id, {
      checkpoints: [{ id: 'order_found', name: 'Order found', passed: false, event_index: 0 }],
    });
    const target = await prisma.task.create({
      data: { benchmark: `shop-${uid()}`, externalId: 'shop/7', instruction: 'Find the order', contentHash: 'h' },
    });

    const result = await reassignTrace(admin, trajectory.id, { taskId: target.id });
    expect(result).toEqual({
      trajectoryId: trajectory.id,
      task: { id: target.id, benchmark: target.benchmark, externalId: 'shop/7', created: false },
    });
    const moved = await prisma.trajectory.findUniqueOrThrow({
      where: { id: trajectory.id },
      include: { checkpoints: { include: { checkpoint: true } } },
    });
    expect(moved.taskId).toBe(target.id);
    expect(moved.checkpoints.map((c) => [c.checkpoint.taskId, c.checkpoint.key, c.checkpoint.name])).toEqual([
      [target.id, 'order_found', 'Order found'],
    ]);
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { action: 'trajectory.reassign', entityId: trajectory.id },
    });
    expect(audit).toMatchObject({
      actorId: admin.userId,
      before: { benchmark: 'otlp', task: 'unassigned' },
      after: { taskId: target.id, benchmark: target.benchmark, task: 'shop/7' },
    });

    // Once under a real task it is no longer the receiver's to move.
    await expect(reassignTrace(admin, trajectory.id, { taskId: target.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/only unassigned traces can be re-assigned/),
    });
  });

  it('to a new task by benchmark and id: created with the instruction given', async () => {
    const { admin, trajectory } = await unassignedTrace();
    const benchmark = `support-${uid()}`;
    const result = await reassignTrace(admin, trajectory.id, {
      task: { benchmark, id: 'refund/3', instruction: 'Refund the damaged item' },
    });
    expect(result.task).toMatchObject({ benchmark, externalId: 'refund/3', created: true });
    const task = await prisma.task.findUniqueOrThrow({ where: { id: result.task.id } });
    expect(task.instruction).toBe('Refund the damaged item');
    expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectory.id } })).taskId).toBe(task.id);
  });

  it('a late span rebuilds the run under the task the admin chose, not back under unassigned', async () => {
    const { admin, trajectory, traceId } = await unassignedTrace();
    const { task } = await reassignTrace(admin, trajectory.id, { task: { benchmark: `late-${uid()}`, id: 't' } });
    const rebuilt = await unassignedTrace(traceId, ['00000000000000a3']);
    expect(rebuilt.trajectory.eventCount).toBeGreaterThan(trajectory.eventCount);
    expect(rebuilt.trajectory.taskId).toBe(task.id);
  });

  it('the picker path: the ingestion list leads to the unassigned traces, the task search finds the target', async () => {
    const { trajectory } = await unassignedTrace();
    const admin = await otlpToken('ADMIN');
    const get = async (route: typeof ingestionRoute, url: string) => {
      const res = await callRoute(route, url, { token: admin.token });
      expect(res.status).toBe(200);
      return res.json();
    };
    const before = await get(ingestionRoute, '/api/imports/otlp');
    expect(before.unassigned).toEqual({ taskId: trajectory.taskId, trajectories: expect.any(Number) });
    expect(before.unassigned.trajectories).toBeGreaterThan(0);

    const benchmark = `picker-${uid()}`;
    const target = await prisma.task.create({
      data: { benchmark, externalId: 'shop/17', instruction: 'Find order 17', contentHash: 'h' },
    });
    await prisma.task.create({ data: { benchmark, externalId: 'shop/2', instruction: 'Another', contentHash: 'h' } });
    // What the picker asks: a benchmark, exactly, and part of the task id.
    const found = await get(listTasksRoute, `/api/tasks?benchmark=${benchmark}&taskId=17&pageSize=9`);
    expect(found.items.map((t: { id: string; externalId: string }) => [t.id, t.externalId])).toEqual([
      [target.id, 'shop/17'],
    ]);

    const moved = await callRoute(POST, `/api/trajectories/${trajectory.id}/reassign`, {
      method: 'POST',
      token: admin.token,
      body: JSON.stringify({ taskId: found.items[0].id }),
      headers: { 'content-type': 'application/json' },
      params: { trajectoryId: trajectory.id },
    });
    expect(moved.status).toBe(200);
    expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectory.id } })).taskId).toBe(target.id);
    const after = await get(ingestionRoute, '/api/imports/otlp');
    expect(after.unassigned.trajectories).toBe(before.unassigned.trajectories - 1);
  });

  it('over the API: admin only, bad bodies named, unknown ids 404', async () => {
    const { trajectory } = await unassignedTrace();
    const call = (token: string, body: unknown, id = trajectory.id) =>
      callRoute(POST, `/api/trajectories/${id}/reassign`, {
        method: 'POST',
        token,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        params: { trajectoryId: id },
      });
    const researcher = await otlpToken('RESEARCHER');
    expect((await call(researcher.token, { taskId: 'x' })).status).toBe(403);
    const admin = await otlpToken('ADMIN');
    const both = await call(admin.token, { taskId: 'x', task: { benchmark: 'b', id: 'i' } });
    expect(both.status).toBe(400);
    expect((await both.json()).error.message).toMatch(/either taskId .* or task/);
    const missing = await call(admin.token, { taskId: 'no-such-task' });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toMatch(/Task no-such-task not found/);
    expect((await call(admin.token, { taskId: 'x' }, 'no-such-run')).status).toBe(404);
    const ok = await call(admin.token, { task: { benchmark: `api-${uid()}`, id: 't1' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).task.created).toBe(true);
  });
});
