import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'app',
  'components',
  'lib',
  'prompts',
  'prisma',
  'package.json',
  'package-lock.json',
  'next.config.ts',
  'proxy.ts',
  'tsconfig.json',
  'postcss.config.mjs',
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** Runs `next build` when there is no build yet or a source file is newer than it. */
export async function buildIfNeeded(distDir = process.env.NEXT_DIST_DIR || '.next'): Promise<void> {
  const buildId = path.join(distDir, 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt && Math.max(...SOURCES.map(newestMtime)) <= builtAt) return;
  console.log(
    builtAt ? '• Sources changed: rebuilding…' : '• First start: building the app (a few minutes on a 2-core machine)…',
  );
  await new Promise<void>((resolve, reject) => {
    const child = spawn(path.resolve('node_modules', '.bin', 'next'), ['build'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`next build failed:\n${out}`))));
  });
  console.log('• Build done');
}
