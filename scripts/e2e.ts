/**
 * Runs the Playwright suite against the built app on a fresh embedded
 * PostgreSQL (migrated and demo-seeded), then tears everything down.
 *   npm run test:e2e [-- playwright args]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startEmbeddedPostgres } from './lib/embedded-db';
import { migrateDeploy } from './lib/migrate';
import { buildIfNeeded } from './lib/build';
import { startBackground, stopBackground } from './lib/background';
import { findBrowser, NoBrowserError, RESOLVED_ENV } from './lib/find-browser';

// The browser first: without one, say so in one line before any database, build or test starts.
let browser;
try {
  browser = await findBrowser();
} catch (err) {
  if (!(err instanceof NoBrowserError)) throw err;
  console.error(`\n✖ ${err.message}\n`);
  process.exit(1);
}
console.log(`• Browser: ${browser.label}`);

const dir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'e2e', quiet: true });
let code = 1;
try {
  process.env.DATABASE_URL = db.url;
  await migrateDeploy(db.url, { quiet: true });
  const { seedDemoWorkspace } = await import('@/lib/seed/seed-demo');
  await seedDemoWorkspace();
  await buildIfNeeded();
  // The reflection worker runs in this process, exactly as `npm start` runs it next to the web server.
  await startBackground();
  const port = await freePort();
  code = await new Promise<number>((resolve) => {
    const child = spawn(path.resolve('node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: db.url, E2E_PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', [RESOLVED_ENV]: JSON.stringify(browser) },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (err) {
  console.error(err);
} finally {
  await stopBackground();
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
