/**
 * The one command that runs the console:  npm start  (or  npm run dev).
 * Starts the embedded PostgreSQL (unless DATABASE_URL is set), applies the
 * committed migrations, seeds the demo workspace once, builds if the sources
 * changed, serves the app and prints the URL and demo logins.
 *
 * Every way out — Ctrl-C, a failed step, a server that never becomes healthy,
 * a web server that dies — goes through one `stop()`, which stops what was
 * started, newest first: the web server (its whole process group, so Next's
 * own `next-server` child cannot keep the port), the worker, the embedded
 * PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, portInUse } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { buildIfNeeded } from './lib/build';
import { stopProcessGroup } from './lib/process-group';
import { serveCommand } from './lib/serve-command';
import { startEnvironmentProblems } from './lib/start-environment';
import { setting } from '@/lib/env';

if (existsSync('.env')) process.loadEnvFile('.env');

const dev = process.argv.includes('--dev');
// Read in main() once the environment has passed its check, by the same rules (lib/env.ts): `PORT=` is
// unset (3000), not port 0 (a random port), as the check reads it.
const settings = () => ({
  port: setting('PORT'),
  pgPort: setting('EMBEDDED_PG_PORT'),
  pgDir: setting('EMBEDDED_PG_DIR') ?? path.join('.data', 'pg'),
  seedDemo: setting('DEMO_SEED') !== 'off',
});
// How long the web server may take to answer /api/health (a cold `next dev` compiles it first).
const healthTimeoutMs = Number(process.env.START_HEALTH_TIMEOUT_MS ?? 150_000);

const STOP_STEP_MS = 15_000;

/** What has been started, to stop in reverse order. */
const started: { name: string; stop: () => Promise<void> }[] = [];
let stopping: Promise<never> | undefined;

function stop(code: number, message?: string): Promise<never> {
  stopping ??= (async () => {
    if (message) console.error(`\n✖ ${message}\n`);
    if (started.length) console.log('• Stopping…');
    for (const s of started.splice(0).reverse()) {
      // One step that hangs (e.g. a worker waiting on a database that died) must not keep the rest running.
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise<void>(
        (r) =>
          (timer = setTimeout(() => r(console.error(`  gave up waiting for the ${s.name} to stop`)), STOP_STEP_MS)),
      );
      await Promise.race([
        s.stop().catch((err: Error) => console.error(`  could not stop the ${s.name}: ${err.message}`)),
        limit,
      ]);
      clearTimeout(timer);
    }
    process.exit(code);
  })();
  return stopping;
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
process.on('unhandledRejection', (err) => void stop(1, `Start-up failed: ${(err as Error)?.message ?? String(err)}`));

async function main() {
  // Before anything starts: a mistyped variable is named now, not after a build or at the first sign-in.
  const problems = startEnvironmentProblems(process.env);
  if (problems.length) return stop(1, `Fix the environment (or .env) and start again:\n  ${problems.join('\n  ')}`);
  const { port, pgPort, pgDir, seedDemo } = settings();
  if (await portInUse(port))
    return stop(1, `Port ${port} is already in use. Stop the other server or start with PORT=<free port> npm start.`);

  const db = await openDatabase({ dataDir: pgDir, port: pgPort, database: 'console' }).catch((err: Error) =>
    stop(1, err.message),
  );
  started.push({ name: 'database', stop: db.stop });
  process.env.DATABASE_URL = db.url;
  console.log(db.embedded ? `• Embedded PostgreSQL on port ${pgPort} (data in ${pgDir})` : '• Using DATABASE_URL');
  started.push({
    name: 'database pool',
    // This process's own pool goes before PostgreSQL does.
    stop: async () => {
      const { disconnectDatabase } = await import('@/lib/db/disconnect');
      await disconnectDatabase();
    },
  });

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
    const { startBackground, stopBackground } = await import('./lib/background');
    started.push({ name: 'worker', stop: stopBackground });
    await startBackground();
  } catch (err) {
    console.error(err);
    return stop(1, 'Start-up failed (see the error above).');
  }

  // `next dev` for development; otherwise scripts/serve.ts, which decides the client address itself.
  const { bin, args } = dev
    ? { bin: path.resolve('node_modules', '.bin', 'next'), args: ['dev', '-p', String(port)] }
    : serveCommand(port);
  const child: ChildProcess = spawn(bin, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, DATABASE_URL: db.url, NEXT_TELEMETRY_DISABLED: '1' },
    // Its own process group: stopping it stops Next's children too.
    detached: true,
  });
  started.push({ name: 'web server', stop: () => stopProcessGroup(child) });
  console.log(`• Starting the web server (process group ${child.pid})…`);
  child.stdout!.on('data', (d: Buffer) => {
    const text = d.toString();
    // Keep Next's own request/compile output, but the banner below is the one that matters.
    if (!/Ready (in|on)|Local:|Network:|▲ Next|- Experiments|Starting\.\.\./.test(text)) process.stdout.write(text);
  });
  child.on(
    'exit',
    (code) => void stop(code ?? 1, stopping ? undefined : `The web server exited (code ${code ?? 'signal'}).`),
  );

  const url = `http://127.0.0.1:${port}/api/health`;
  if (!(await waitForHealth(url, child)))
    return stop(
      1,
      `The server did not become healthy at ${url} within ${Math.round(healthTimeoutMs / 1000)} s (is the database reachable?)`,
    );
  const { DEMO_USERS, DEMO_PASSWORD } = await import('@/lib/seed/seed-demo');
  console.log(`\n  Memory Console is running at  http://localhost:${port}\n`);
  if (seedDemo) {
    console.log(`  Demo logins (DEMO ONLY — set DEMO_SEED=off for a real deployment), password: ${DEMO_PASSWORD}`);
    for (const u of DEMO_USERS) console.log(`    ${u.role.toLowerCase().padEnd(11)} ${u.email}`);
  }
  console.log('\n  Press Ctrl-C to stop.\n');
}

async function waitForHealth(url: string, child: ChildProcess): Promise<boolean> {
  const until = Date.now() + healthTimeoutMs;
  while (Date.now() < until && child.exitCode === null && !stopping) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

void main();
