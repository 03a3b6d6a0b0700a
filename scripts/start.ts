/**
 * The one command that runs the console:  npm start  (or  npm run dev).
 * Starts the embedded PostgreSQL (unless DATABASE_URL is set), applies the
 * committed migrations, seeds the demo workspace once, builds if the sources
 * changed, serves the app and prints the URL and demo logins.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, portInUse, type Database } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { buildIfNeeded } from './lib/build';

if (existsSync('.env')) process.loadEnvFile('.env');

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const pgPort = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
const seedDemo = (process.env.DEMO_SEED ?? 'on') !== 'off';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  if (await portInUse(port)) fail(`Port ${port} is already in use. Stop the other server or start with PORT=<free port> npm start.`);

  let db: Database;
  try {
    db = await openDatabase({ dataDir: path.join('.data', 'pg'), port: pgPort, database: 'console' });
  } catch (err) {
    fail((err as Error).message);
  }
  process.env.DATABASE_URL = db.url;
  console.log(db.embedded ? `• Embedded PostgreSQL on port ${pgPort} (data in .data/pg)` : '• Using DATABASE_URL');

  let child: ChildProcess | undefined;
  let stopping = false;
  const shutdown = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log('\n• Stopping…');
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    const { stopBackground } = await import('./lib/background');
    await stopBackground();
    // Close this process's own pool before PostgreSQL goes away.
    const { prisma } = await import('@/lib/db/prisma');
    await prisma.$disconnect().catch(() => undefined);
    await db.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    await migrateDeploy(db.url, { quiet: true });
    console.log('• Migrations applied');
    if (seedDemo) {
      const { seedDemoWorkspace } = await import('@/lib/seed/seed-demo');
      console.log((await seedDemoWorkspace()) ? '• Demo workspace seeded' : '• Demo workspace already present');
    } else {
      const { ensureBaseData } = await import('@/lib/seed/base-data');
      const message = await ensureBaseData();
      if (message) console.log(`• ${message}`);
    }
    if (!dev) await buildIfNeeded();
    const { startBackground } = await import('./lib/background');
    await startBackground();
  } catch (err) {
    console.error(err);
    await shutdown(1);
    return;
  }

  const bin = path.resolve('node_modules', '.bin', 'next');
  child = spawn(bin, [dev ? 'dev' : 'start', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: db.url, NEXT_TELEMETRY_DISABLED: '1' },
  });
  child.stdout!.on('data', (d: Buffer) => {
    const text = d.toString();
    // Keep Next's own request/compile output, but the banner below is the one that matters.
    if (!/Ready in|Local:|Network:|▲ Next|- Experiments|Starting\.\.\./.test(text)) process.stdout.write(text);
  });
  child.on('exit', (code) => void shutdown(code ?? 1));

  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  const { DEMO_USERS, DEMO_PASSWORD } = await import('@/lib/seed/seed-demo');
  console.log(`\n  Memory Console is running at  http://localhost:${port}\n`);
  if (seedDemo) {
    console.log(`  Demo logins (DEMO ONLY — set DEMO_SEED=off for a real deployment), password: ${DEMO_PASSWORD}`);
    for (const u of DEMO_USERS) console.log(`    ${u.role.toLowerCase().padEnd(11)} ${u.email}`);
  }
  console.log('\n  Press Ctrl-C to stop.\n');
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail(`The server did not become healthy at ${url}`);
}

void main();
