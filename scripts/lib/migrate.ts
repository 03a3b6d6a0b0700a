import { spawn } from 'node:child_process';
import path from 'node:path';

const PRISMA_BIN = path.resolve('node_modules', '.bin', 'prisma');

/** Applies the committed migrations (`prisma migrate deploy`) to the database at `url`. */
export async function migrateDeploy(url: string, opts: { quiet?: boolean } = {}): Promise<void> {
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
