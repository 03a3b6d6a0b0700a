import path from 'node:path';
import { embeddedUrl, openDatabase, portInUse, type Database } from './embedded-db';
import { migrateDeploy } from './migrate';

/**
 * The database a CLI command (import, export, leakage) works on: DATABASE_URL
 * when set; else the running console's embedded PostgreSQL (npm start); else
 * .data/pg started (and migrated) for the command and stopped afterwards.
 */
export async function connectCliDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) return openDatabase({ dataDir: '.data/pg', port: 0, database: 'console' });
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  if (await portInUse(port)) {
    // The console (npm start) already runs the embedded cluster: use it rather than start a second server.
    return { url: embeddedUrl(port, 'console'), embedded: false, stop: async () => undefined };
  }
  const db = await openDatabase({ dataDir: path.join('.data', 'pg'), port, database: 'console' });
  await migrateDeploy(db.url, { quiet: true });
  return db;
}
