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
 *
 * A web server that dies on its own is started again, a bounded number of
 * times (scripts/lib/web-restarts.ts); a supervisor killed outright takes its
 * web server and database with it (scripts/lib/exit-with-parent.ts). It listens
 * on loopback unless HOST / PUBLIC_URL say otherwise, and then refuses to start
 * while a demo account keeps its published password.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, portInUse } from './lib/embedded-db';
import { postmasterPid, SUPERVISED_PG_DIR_ENV, SUPERVISOR_PID_ENV } from './lib/exit-with-parent';
import { WebRestarts } from './lib/web-restarts';
import { migrateDeploy } from './lib/migrate';
import { buildIfNeeded } from './lib/build';
import { stopProcessGroup } from './lib/process-group';
import { serveCommand } from './lib/serve-command';
import { startEnvironmentProblems } from './lib/start-environment';
import { setting, withoutEmptyValues } from '@/lib/env';
import { exposureProblem, hostPolicy, isLoopbackAddress } from '@/lib/http/allowed-hosts';

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
  const hosts = hostPolicy(withoutEmptyValues(process.env));
  const exposed = !isLoopbackAddress(hosts.listen);
  const exposure = exposureProblem(hosts, withoutEmptyValues(process.env));
  if (exposure) return stop(1, exposure);
  if (exposed && seedDemo)
    return stop(
      1,
      `HOST=${hosts.listen} exposes the console, and DEMO_SEED is on: the demo accounts' password is published. Set DEMO_SEED=off (with ADMIN_EMAIL and ADMIN_PASSWORD for the first admin), or leave HOST unset to stay on this machine.`,
    );
  const stalePostgres = process.env.DATABASE_URL ? null : postmasterPid(path.resolve(pgDir));
  if (stalePostgres)
    return stop(
      1,
      `An embedded PostgreSQL of this folder is still running (pid ${stalePostgres}, data in ${pgDir}), left by an earlier npm start that did not stop it. Stop it with:  kill -INT ${stalePostgres}  and start again.`,
    );
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
    if (exposed) {
      const { findOpenDemoAccounts } = await import('@/lib/seed/open-demo-accounts');
      const open = await findOpenDemoAccounts();
      if (open.length)
        return stop(
          1,
          `HOST=${hosts.listen} exposes the console, and ${open.join(', ')} still sign${open.length === 1 ? 's' : ''} in with the published demo password. Deactivate ${open.length === 1 ? 'it' : 'them'} or change the password (Admin → Users) while the console runs on this machine only, then start again.`,
        );
    }
    if (!dev) await buildIfNeeded();
    const { startBackground, stopBackground } = await import('./lib/background');
    started.push({ name: 'worker', stop: stopBackground });
    await startBackground();
  } catch (err) {
    console.error(err);
    return stop(1, 'Start-up failed (see the error above).');
  }

  // scripts/serve.ts in both modes (`--dev` compiles on demand): it checks the Host and watches this process.
  const { bin, args } = serveCommand(port, { dev });
  const restarts = new WebRestarts();
  const startWeb = (): ChildProcess => {
    const child = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        NEXT_TELEMETRY_DISABLED: '1',
        [SUPERVISOR_PID_ENV]: String(process.pid),
        ...(db.embedded ? { [SUPERVISED_PG_DIR_ENV]: path.resolve(pgDir) } : {}),
      },
      // Its own process group: stopping it stops Next's children too.
      detached: true,
    });
    console.log(`• Starting the web server (process group ${child.pid})…`);
    child.stdout!.on('data', (d: Buffer) => {
      const text = d.toString();
      // Keep Next's own request/compile output, but the banner below is the one that matters.
      if (!/Ready (in|on)|Listening on|Local:|Network:|▲ Next|- Experiments|Starting\.\.\./.test(text))
        process.stdout.write(text);
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      const next = restarts.next();
      if (!healthy || next === null)
        return void stop(
          code || 1,
          healthy
            ? `The web server exited (${how}) ${restarts.limit + 1} times within ${restarts.windowMinutes} minutes; stopping.`
            : `The web server exited (${how}).`,
        );
      console.error(`\n✖ The web server exited (${how}); starting it again (restart ${next} of ${restarts.limit}).`);
      web = startWeb();
    });
    return child;
  };
  let healthy = false;
  let web = startWeb();
  started.push({ name: 'web server', stop: () => stopProcessGroup(web) });

  // A wildcard address is reached on loopback; a named one (HOST=10.0.0.5) only there.
  const healthHost = ['0.0.0.0', '::'].includes(hosts.listen) ? '127.0.0.1' : hosts.listen;
  const url = `http://${healthHost.includes(':') ? `[${healthHost}]` : healthHost}:${port}/api/health`;
  if (!(await waitForHealth(url, web)))
    return stop(
      1,
      `The server did not become healthy at ${url} within ${Math.round(healthTimeoutMs / 1000)} s (is the database reachable?)`,
    );
  healthy = true;
  const { DEMO_USERS, DEMO_PASSWORD } = await import('@/lib/seed/seed-demo');
  const shown = process.env.PUBLIC_URL || `http://localhost:${port}`;
  console.log(`\n  Memory Console is running at  ${shown}\n`);
  if (exposed) console.log(`  Listening on ${hosts.listen}:${port}; answering to ${[...hosts.allowed].join(', ')}\n`);
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
