import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { PUT as overlapPut } from '@/app/api/admin/overlap/route';
import { login } from '@/lib/users/sessions';
import { prisma } from '@/lib/db/prisma';
import { setOverlap } from '@/lib/queue/overlap';
import { createActor, createUser, seedDemoTask, uid } from '../../helpers/factories';
import { testRequest } from '../../helpers/next-headers-mock';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

describe('setting overlap k for a benchmark or ability', () => {
  it('refuses a benchmark no task has, 400 naming it and some known benchmarks, and stores nothing', async () => {
    const { benchmark } = await seedDemoTask(undefined, `known-${uid()}`);
    const admin = await createActor('ADMIN');
    const err = await setOverlap(admin, { benchmark: 'no-such-bench', k: 2 }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      details: [{ path: 'benchmark', message: 'no imported task has this benchmark' }],
    });
    expect((err as Error).message).toBe(
      `Unknown benchmark "no-such-bench": no imported task has it (known: ${benchmark})`,
    );
    expect(await prisma.overlapSetting.count({ where: { benchmark: 'no-such-bench' } })).toBe(0);
  });

  it('refuses an ability the benchmark has no task of, naming its abilities', async () => {
    const { benchmark } = await seedDemoTask(undefined, `abl-${uid()}`);
    const admin = await createActor('ADMIN');
    await expect(setOverlap(admin, { benchmark, ability: 'nope', k: 2 })).rejects.toMatchObject({
      status: 400,
      message: `Unknown ability "nope" of ${benchmark}: no imported task of it has this ability (its abilities: mail)`,
      details: [{ path: 'ability' }],
    });
    expect(await setOverlap(admin, { benchmark, ability: 'mail', k: 2 })).toMatchObject({
      benchmark,
      ability: 'mail',
      k: 2,
    });
    expect(await prisma.overlapSetting.count({ where: { benchmark, ability: 'nope' } })).toBe(0);
  });

  it('answers 400 through the API', async () => {
    const admin = await createUser('ADMIN', { password: 'overlap-password' });
    const cookie = `mc_session=${(await login(admin.email, 'overlap-password', '127.0.0.12')).token}`;
    const req = new NextRequest('http://console.test/api/admin/overlap', {
      method: 'PUT',
      headers: { cookie, host: 'console.test', origin: 'http://console.test', 'content-type': 'application/json' },
      body: JSON.stringify({ benchmark: 'no-such-bench', k: 2 }),
    });
    testRequest.current = req;
    const res = await overlapPut(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^Unknown benchmark "no-such-bench"/),
    });
  });

  it('still lets a setting whose tasks are gone be removed', async () => {
    const admin = await createActor('ADMIN');
    const stale = await prisma.overlapSetting.create({ data: { benchmark: `gone-${uid()}`, ability: '', k: 3 } });
    expect(await setOverlap(admin, { benchmark: stale.benchmark, k: 1 })).toBeNull();
    expect(await prisma.overlapSetting.count({ where: { id: stale.id } })).toBe(0);
  });
});
