import { describe, expect, it } from 'vitest';
import { applySqlFunctions } from '@/lib/db/apply-sql-functions';
import { compareSqlFunctions } from '@/lib/db/compare-sql-functions';
import { prisma } from '@/lib/db/prisma';
import { migrateDeploy } from '../../../scripts/lib/migrate';

// prisma/sql/ holds the functions and triggers; migrateDeploy applies them after the migrations.
const url = process.env.DATABASE_URL!;

const noDrift = { missing: [], extra: [], changed: [] };

describe('SQL functions and triggers from prisma/sql', () => {
  it('are exactly what a migrated database holds: none missing, none extra, none different', async () => {
    expect(await compareSqlFunctions(url)).toEqual(noDrift);
  });

  it('reports a function whose body differs from its file, and applying the files restores it', async () => {
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION console_notify_run() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RETURN NULL; END $$`);
    expect(await compareSqlFunctions(url)).toEqual({ ...noDrift, changed: ['function console_notify_run()'] });
    await applySqlFunctions(url);
    expect(await compareSqlFunctions(url)).toEqual(noDrift);
  });

  it('reports a dropped trigger as missing, and applying the files creates it again', async () => {
    await prisma.$executeRawUnsafe(`DROP TRIGGER card_bumps_bank_revision ON "Card"`);
    await prisma.$executeRawUnsafe(`DROP TRIGGER "Trajectory_run_level_update" ON "Trajectory"`);
    expect(await compareSqlFunctions(url)).toEqual({
      ...noDrift,
      missing: ['trigger Trajectory_run_level_update on Trajectory', 'trigger card_bumps_bank_revision on Card'],
    });
    await applySqlFunctions(url);
    expect(await compareSqlFunctions(url)).toEqual(noDrift);
  });

  it('reports a function and trigger no file declares, from the check and from every apply', async () => {
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION stray_notify() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER "Card_stray" AFTER INSERT ON "Card" FOR EACH STATEMENT EXECUTE FUNCTION stray_notify()`,
    );
    const stray = ['function stray_notify()', 'trigger Card_stray on Card'];
    expect(await compareSqlFunctions(url)).toEqual({ ...noDrift, extra: stray });
    expect(await applySqlFunctions(url)).toEqual({ undeclared: stray });
    await prisma.$executeRawUnsafe(`DROP TRIGGER "Card_stray" ON "Card"`);
    await prisma.$executeRawUnsafe(`DROP FUNCTION stray_notify()`);
    expect(await applySqlFunctions(url)).toEqual({ undeclared: [] });
  });

  // Replicas started together all apply the files; without the advisory lock the
  // slower ones fail with "tuple concurrently updated".
  it('applies from several processes at once', async () => {
    await expect(Promise.all([1, 2, 3, 4].map(() => applySqlFunctions(url)))).resolves.toHaveLength(4);
    expect(await compareSqlFunctions(url)).toEqual(noDrift);
  });

  // Databases migrated before the migrations' function bodies were rewritten
  // (E'' strings then, dollar-quoted now) hold other checksums for the same
  // migrations: deploy must go on applying what is new, not refuse.
  it('migrates a database whose applied migrations have other checksums than the committed files', async () => {
    await prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET checksum = repeat('0', 64)`);
    await migrateDeploy(url, { quiet: true });
    expect(await compareSqlFunctions(url)).toEqual(noDrift);
  }, 120_000);
});
