/**
 * Runs the Playwright suite against the built app on a fresh embedded
 * PostgreSQL (migrated and demo-seeded), then tears everything down.
 *   npm run test:e2e [-- playwright args]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './lib/embedded-db';
import { buildIfNeeded } from './lib/build';
import { startBackground, stopBackground } from './lib/background';
import { findBrowserOrExit, RESOLVED_ENV } from './lib/find-browser';
import { freshDatabase } from './lib/fresh-database';

// The browser first: without one, say so in one line before any database, build or test starts.
const browser = await findBrowserOrExit();
console.log(`• Browser: ${browser.label}`);

const db = await freshDatabase('e2e');
let code = 1;
try {
  const { seedDemoWorkspace } = await import('@/lib/seed/seed-demo');
  await seedDemoWorkspace();
  await buildIfNeeded();
  // The reflection worker runs in this process, exactly as `npm start` runs it next to the web server.
  await startBackground();
  const port = await freePort();
  code = await new Promise<number>((resolve) => {
    const child = spawn(path.resolve('node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        E2E_PORT: String(port),
        NEXT_TELEMETRY_DISABLED: '1',
        [RESOLVED_ENV]: JSON.stringify(browser),
      },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (err) {
  console.error(err);
} finally {
  await stopBackground();
  await db.stop();
}
process.exit(code);
