import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { PrismaPg } from '@prisma/adapter-pg';
import { describe, expect, inject, it } from 'vitest';
import { prismaCliAdapter } from '@/lib/db/prisma-cli-adapter';

/**
 * Each workaround in lib/db/prisma-cli-adapter.ts exists for an upstream bug.
 * These tests drive the bare `@prisma/adapter-pg` (and the CLI) and assert the
 * bug is still there: when one fails with "upstream fixed", delete the
 * workaround it names. The workarounds themselves are checked by
 * tests/integration/db/migrations.test.ts (and the last test here).
 */
const fixed = (workaround: string) =>
  `upstream fixed: remove WORKAROUND (${workaround}) from lib/db/prisma-cli-adapter.ts`;

type Adapter = {
  queryRaw: (q: { sql: string; args: unknown[]; argTypes: unknown[] }) => Promise<{ rows: unknown[][] }>;
  executeScript: (script: string) => Promise<void>;
  dispose: () => Promise<unknown>;
};
type Factory = { connect: () => Promise<unknown>; connectToShadowDb: () => Promise<unknown> };

// Idle clients closed at once, as the CLI adapter does, so nothing outlives a test.
const bare = (url: string) => new PrismaPg({ connectionString: url, idleTimeoutMillis: 1 }) as unknown as Factory;
const query = (sql: string) => ({ sql, args: [], argTypes: [] });

async function using<T>(open: Promise<unknown>, body: (a: Adapter) => Promise<T>): Promise<T> {
  const adapter = (await open) as Adapter;
  try {
    return await body(adapter);
  } finally {
    await adapter.dispose();
  }
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'succeeded',
    () => 'failed',
  );

describe('the upstream bugs the Prisma CLI adapter works around are still there', () => {
  it('the bare adapter splits a migration script at every `;`, cutting a dollar-quoted body', async () => {
    const result = await using(bare(process.env.DATABASE_URL!).connect(), (a) =>
      outcome(
        a.executeScript(`CREATE FUNCTION upstream_split() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN 'one';
END;
$$;`),
      ),
    );
    expect(result, fixed('migration scripts')).toBe('failed');
  });

  it('the bare adapter cannot read a "char" or a name catalog column', async () => {
    const results = await using(bare(process.env.DATABASE_URL!).connect(), async (a) => ({
      char: await outcome(a.queryRaw(query(`SELECT contype FROM pg_constraint LIMIT 1`))),
      name: await outcome(a.queryRaw(query(`SELECT conname FROM pg_constraint LIMIT 1`))),
    }));
    expect(results, fixed('prisma/orm#27403')).toEqual({ char: 'failed', name: 'failed' });
  });

  it('the bare adapter given a connection string opens its shadow database on the main database', async () => {
    // Creating a shadow database takes the cluster's superuser, as `npm run db:migration` has.
    const admin = inject('adminDatabaseUrl');
    const database = await using(bare(admin).connectToShadowDb(), async (a) => {
      const { rows } = await a.queryRaw(query('SELECT current_database()::text'));
      return rows[0][0];
    });
    expect(database, fixed('shadow database')).toBe(new URL(admin).pathname.slice(1));
  });
});

describe('the workarounds stay inside the Prisma CLI', () => {
  it('reads "char" and name columns, and opens the shadow database it created', async () => {
    const columns = await using(prismaCliAdapter(process.env.DATABASE_URL!).connect(), (a) =>
      a.queryRaw(query(`SELECT contype, conname FROM pg_constraint WHERE contype = 'p' LIMIT 1`)),
    );
    expect(columns.rows[0][0]).toBe('p');
    const database = await using(prismaCliAdapter(inject('adminDatabaseUrl')).connectToShadowDb(), async (a) => {
      const { rows } = await a.queryRaw(query('SELECT current_database()::text'));
      return rows[0][0];
    });
    expect(database).toMatch(/^prisma_migrate_shadow_db_/);
  });

  // No timer workaround (no patched global setTimeout): the CLI leaves no long timer armed that would keep
  // it alive after a command. An upgrade that brings one back (a command lingering when done) fails here.
  it('lets the CLI exit when a command is done, leaving no timer of 10 s or more armed', async () => {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        path.resolve('tests/helpers/long-timer-probe.mjs'),
        'node_modules/prisma/build/index.js',
        'migrate',
        'status',
      ],
      { env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1' }, encoding: 'utf8' },
    );
    expect(stderr).toContain('LONG_TIMERS_LEFT_ARMED 0');
  }, 60_000);
});
