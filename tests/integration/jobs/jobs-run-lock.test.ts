import { afterEach, describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { getBoss, stopBoss } from '@/lib/jobs/boss';
import { recoverRuns } from '@/lib/jobs/recover-runs';
import { RunLocks } from '@/lib/jobs/run-lock';

const opened: RunLocks[] = [];
const newLocks = () => {
  const l = new RunLocks();
  opened.push(l);
  return l;
};

afterEach(async () => {
  for (const l of opened.splice(0)) await l.close();
  await stopBoss();
});

describe('run locks', () => {
  it('are exclusive inside one process too, although PostgreSQL advisory locks are re-entrant per session', async () => {
    const a = newLocks();
    expect(await a.tryLock('run-1')).toBe(true);
    expect(await a.tryLock('run-1')).toBe(false);
    const [x, y] = await Promise.all([a.tryLock('run-2'), a.tryLock('run-2')]);
    expect([x, y].sort()).toEqual([false, true]);
    const b = newLocks();
    expect(await b.tryLock('run-1')).toBe(false);
    await a.unlock('run-1');
    expect(await b.tryLock('run-1')).toBe(true);
  });

  it('keep the recovery sweep away from a run its own process is executing', async () => {
    const run = await prisma.reflectionRun.create({
      data: { status: 'RUNNING', provider: 'OFFLINE', startedAt: new Date() },
    });
    const locks = newLocks();
    const boss = await getBoss('worker');
    expect(await locks.tryLock(run.id)).toBe(true); // the job handler of this process holds it
    expect(await recoverRuns(boss, locks)).toEqual({ requeued: [], failed: [] });
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).status).toBe('RUNNING');
    await locks.unlock(run.id); // the handler died without finishing: now it is recovered
    expect((await recoverRuns(boss, locks)).requeued).toEqual([run.id]);
  });
});
