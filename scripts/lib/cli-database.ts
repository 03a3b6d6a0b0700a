import path from 'node:path';
import { embeddedUrl, openDatabase, portInUse, type Database } from './embedded-db';
import { migrateDeploy } from './migrate';
import { setting } from '@/lib/env';

/**
 * The database a CLI command (import, export, leakage) works on: DATABASE_URL
 * when set; else the running console's embedded PostgreSQL (npm start); else
 * .data/pg started (and migrated) for the command and stopped afterwards.
 */
export async function connectCliDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase({ dataDir: '.data/pg', port: 0, database: 'console' });
  const port = setting('EMBEDDED_PG_PORT');
  if (await portInUse(port)) {
    // The console (npm start) already runs the embedded cluster: use it rather than start a second server.
    return {
      url: embeddedUrl(path.join('.data', 'pg'), port, 'console'),
      embedded: false,
      stop: async () => undefined,
    };
  }
  const db = await openDatabase({ dataDir: path.join('.data', 'pg'), port, database: 'console' });
  await migrateDeploy(db.url, { quiet: true });
  return db;
}

/**
 * Runs a CLI command (export, leakage) on the CLI database and exits: the
 * body's result is the exit code (0 when it returns nothing); a failure is
 * printed as one `✖ message` line and exits 1. Every connection is closed
 * first, so the command never hangs on an idle pool. Modules that read the
 * database are imported inside `body`, after DATABASE_URL is set.
 */
export async function runCliCommand(body: () => Promise<number | void>): Promise<never> {
  const db = await connectCliDatabase();
  process.env.DATABASE_URL = db.url;
  const { disconnectDatabase } = await import('@/lib/db/disconnect');
  let code = 0;
  try {
    code = (await body()) ?? 0;
  } catch (err) {
    console.error(`\n✖ ${(err as Error).message}\n`);
    code = 1;
  } finally {
    await disconnectDatabase();
    await db.stop();
  }
  process.exit(code);
}
