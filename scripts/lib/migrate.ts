import { spawn } from 'node:child_process';
import path from 'node:path';
import { applySqlFunctions } from '@/lib/db/apply-sql-functions';

const PRISMA_BIN = path.resolve('node_modules', '.bin', 'prisma');

/**
 * Brings the database at `url` up to date: the committed migrations
 * (`prisma migrate deploy`), then the functions and triggers of `prisma/sql/`
 * (lib/db/apply-sql-functions.ts). Every command that migrates goes through
 * here: start, worker, CLI, benchmarks and the test set-up.
 */
export async function migrateDeploy(url: string, opts: { quiet?: boolean } = {}): Promise<void> {
  await prismaMigrateDeploy(url, opts);
  const { undeclared } = await applySqlFunctions(url);
  if (undeclared.length) {
    console.warn(
      `⚠ The database has functions or triggers that no file in prisma/sql declares: ${undeclared.join(', ')}. ` +
        'Drop them in a migration if they are no longer used (docs/database.md#sql-functions-and-triggers).',
    );
  }
}

async function prismaMigrateDeploy(url: string, opts: { quiet?: boolean }): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(PRISMA_BIN, ['migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`prisma migrate deploy failed (exit ${code})\n${output}`)),
    );
  });
}
