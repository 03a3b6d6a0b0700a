import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from './embedded-db';
import { migrateDeploy } from './migrate';

type ThrowawayDatabase = { url: string; adminUrl?: string; dir: string; stop: () => Promise<void> };

/**
 * A throw-away embedded PostgreSQL, empty, holding the database `name`.
 * `dir` is a scratch folder for the caller's own files (a bench's input), removed with the database.
 */
export async function throwawayDatabase(name: string): Promise<ThrowawayDatabase> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `console-${name}-`));
  const db = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: name,
    quiet: true,
    throwaway: true,
  });
  return {
    url: db.url,
    adminUrl: db.adminUrl,
    dir,
    stop: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A throw-away embedded PostgreSQL, migrated; DATABASE_URL points at it before any Prisma import. */
export async function freshDatabase(name: string): Promise<ThrowawayDatabase> {
  const db = await throwawayDatabase(name);
  process.env.DATABASE_URL = db.url;
  await migrateDeploy(db.url, { quiet: true });
  return db;
}
