import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import prismaCliConfig from '../../../prisma.config';

type Result<T> = { ok: true; value: T } | { ok: false; error: unknown };
type WrappedAdapterFactory = {
  connect: () => Promise<
    Result<{ executeScript: (script: string) => Promise<Result<void>>; dispose: () => Promise<unknown> }>
  >;
};

describe('migrations', () => {
  it('applies every committed migration to a fresh database with migrate deploy', async () => {
    const committed = readdirSync('prisma/migrations', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const applied = await prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    expect(applied.map((m) => m.migration_name)).toEqual(committed);
    expect(applied.every((m) => m.finished_at)).toBe(true);
  });

  // The diff `npm run db:migration` asks for: the schema engine replays the
  // migrations into a shadow database and describes it, including the CHECK
  // constraints and constraint triggers of the hand-written SQL (which made the
  // WebAssembly engine panic before lib/db/prisma-cli-adapter.ts reported "char" columns as
  // characters). An empty diff also proves schema.prisma and the migrations agree.
  it('diffs the committed migrations against schema.prisma without crashing, and finds nothing to write', async () => {
    const { stdout } = await promisify(execFile)(
      path.resolve('node_modules/.bin/prisma'),
      [
        'migrate',
        'diff',
        '--from-migrations',
        'prisma/migrations',
        '--to-schema-datamodel',
        'prisma/schema.prisma',
        '--script',
      ],
      // Replaying into a shadow database means creating one: the cluster's superuser, as `npm run db:migration` does.
      {
        env: { ...process.env, DATABASE_URL: inject('adminDatabaseUrl'), PRISMA_HIDE_UPDATE_MESSAGE: '1' },
        encoding: 'utf8',
      },
    );
    expect(stdout).toMatch(/^-- This is an empty migration/m);
  }, 120_000);

  // Prisma's adapter splits scripts at every `;`; lib/db/prisma-cli-adapter.ts splits at the
  // semicolons that end statements, so function bodies are written as plain SQL.
  // The schema engine hands each migration to the configured adapter's
  // executeScript, which is what this drives.
  it('applies a migration script whose dollar-quoted function body holds semicolons', async () => {
    // defineConfig wraps the adapter so that each call answers a result ({ ok, value | error }).
    const factory = await (prismaCliConfig as unknown as { adapter: () => Promise<WrappedAdapterFactory> }).adapter();
    const connected = await factory.connect();
    if (!connected.ok) throw new Error(`connect failed: ${JSON.stringify(connected.error)}`);
    const adapter = connected.value;
    try {
      const result = await adapter.executeScript(`CREATE FUNCTION split_check() RETURNS text LANGUAGE plpgsql AS $$
DECLARE answer text;
BEGIN
  answer := 'one; two';
  RETURN answer;
END;
$$;
COMMENT ON FUNCTION split_check() IS 'semicolons; inside; a literal';
`);
      expect(result).toMatchObject({ ok: true });
    } finally {
      await adapter.dispose();
    }
    const [row] = await prisma.$queryRaw<{ answer: string; note: string }[]>`
      SELECT split_check() AS answer, obj_description('split_check'::regproc, 'pg_proc') AS note`;
    expect(row).toEqual({ answer: 'one; two', note: 'semicolons; inside; a literal' });
  });
});
