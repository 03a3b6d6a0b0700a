import { describe, expect, it } from 'vitest';
import { recordLoginFailure } from '@/lib/auth/login-throttle';
import { disconnectDatabase } from '@/lib/db/disconnect';
import { importSql } from '@/lib/db/import-pool';
import { prisma } from '@/lib/db/prisma';
import { longSql, readSql } from '@/lib/db/sql';
import { holdImportLock } from '@/lib/import/import-lock';
import { getBoss } from '@/lib/jobs/boss';
import { RunLocks } from '@/lib/jobs/run-lock';
import { ensureListener } from '@/lib/live/listener';
import { otlpLimiter } from '@/lib/otlp/ingest-throttle';
import { waitFor } from '../../helpers/wait-for';

// The other sessions on this file's database: every one of them is this process's (each file has its own database).
const others = async () =>
  (
    await prisma.$queryRaw<{ name: string }[]>`
      SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`
  ).map((r) => r.name);

describe('disconnectDatabase', () => {
  it('closes every pool and client the process opened, whichever domain asked for it', async () => {
    await Promise.all([readSql()`SELECT 1`, longSql()`SELECT 1`, importSql()`SELECT 1`]);
    await ensureListener();
    await recordLoginFailure({ email: 'someone@example.com', address: '192.0.2.1' });
    // Neither lock is released nor the job queue stopped by its owner: a tool or a test that forgot.
    await holdImportLock('job-1');
    expect(await new RunLocks().tryLock('run-1')).toBe(true);
    await getBoss('sender');
    expect(await others()).toEqual(
      expect.arrayContaining([
        'memory-console-read',
        'memory-console-long',
        'memory-console-import-lock',
        'memory-console-run-locks',
        'memory-console-sender',
      ]),
    );

    await disconnectDatabase();

    let left: string[] = [];
    await waitFor('the other sessions to end', async () => (left = await others()).length === 0, 10_000).catch(
      () => undefined,
    );
    expect(left.sort()).toEqual([]);
  });

  it('lets every domain open its connections anew afterwards, as a test file or a tool that goes on does', async () => {
    const subject = { email: 'again@example.com', address: '192.0.2.2' };
    await otlpLimiter().consume('token:again', 1);
    await recordLoginFailure(subject);
    await disconnectDatabase();

    await otlpLimiter().consume('token:again', 1);
    await recordLoginFailure(subject);
    await Promise.all([readSql()`SELECT 1`, longSql()`SELECT 1`, importSql()`SELECT 1`]);
    await ensureListener();
    await getBoss('sender');
    await holdImportLock('job-2').then((lock) => lock.release());
    await disconnectDatabase();
  });
});
