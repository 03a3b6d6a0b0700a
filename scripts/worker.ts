/**
 * A standalone reflection worker for scale-out:  npm run worker
 * Connects to DATABASE_URL, or — on the machine where `npm start` runs — to
 * its embedded PostgreSQL (EMBEDDED_PG_PORT), or starts that embedded database
 * itself when nothing runs yet. Start the web servers with WORKER=off when all
 * runs should execute on standalone workers. Ctrl-C / SIGTERM stops gracefully.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { embeddedUrl, openDatabase, portInUse, type Database } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { setting } from '@/lib/env';

if (existsSync('.env')) process.loadEnvFile('.env');

const pgPort = setting('EMBEDDED_PG_PORT');

async function main() {
  let db: Database;
  if (!process.env.DATABASE_URL && (await portInUse(pgPort))) {
    db = {
      url: embeddedUrl(path.join('.data', 'pg'), pgPort, 'console'),
      embedded: false,
      stop: async () => undefined,
    };
    console.log(`• Using the running embedded PostgreSQL on port ${pgPort}`);
  } else {
    db = await openDatabase({ dataDir: path.join('.data', 'pg'), port: pgPort, database: 'console' });
    console.log(db.embedded ? `• Embedded PostgreSQL on port ${pgPort} (data in .data/pg)` : '• Using DATABASE_URL');
    // Started the embedded database itself (no `npm start` running yet): bring its schema up to date like start.ts does.
    if (db.embedded) await migrateDeploy(db.url, { quiet: true });
  }
  process.env.DATABASE_URL = db.url;

  const { startReflectionWorker } = await import('@/lib/reflection/reflection-worker');
  const worker = await startReflectionWorker();
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('• Stopping the worker…');
    await worker.stop().catch((err) => console.error(err));
    await db.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err) => {
  console.error(`\n✖ ${(err as Error).message}\n`);
  process.exit(1);
});
