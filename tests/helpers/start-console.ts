import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/embedded-db';

export type ConsoleRun = {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
  pgDir: string;
  port: number;
  pgPort: number;
};

/**
 * Runs the real start script (`--dev`: no build) on free ports and its own embedded PostgreSQL folder,
 * collecting everything it prints. `distDir` is the test file's own dev build folder: `next dev`
 * refuses a second dev server on one folder, and the start test files run side by side (each such
 * folder is listed in tsconfig.json so `next dev` finds it there and rewrites nothing).
 */
export async function startConsole(
  distDir: string,
  extraEnv: Record<string, string>,
  pgDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'start-console-')), 'pg'),
): Promise<ConsoleRun> {
  const port = await freePort();
  const pgPort = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DIR: pgDir,
    DEMO_SEED: 'off',
    NEXT_DIST_DIR: distDir,
    ...extraEnv,
  };
  // The embedded cluster is what is under test: no external database.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev'], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out: () => out, exited, pgDir, port, pgPort };
}
