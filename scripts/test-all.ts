/**
 * `npm test`: every check, each starting what it needs — typecheck, lint, format,
 * unit + integration tests (real embedded PostgreSQL), e2e (built app in Chromium).
 * Finds the browser first (scripts/lib/find-browser.ts): without one it says
 * what to do in one line before any check runs. Runs them all, prints a
 * summary (with the real-data tests that skipped), exits non-zero if any failed.
 *
 *   npm test                                   every step
 *   npm test -- --only unit -- <vitest args>   one step (typecheck, lint, format, unit, e2e), with arguments for it
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBrowserOrExit, RESOLVED_ENV } from './lib/find-browser';
import { SKIPS_FILE_ENV } from './lib/real-data';
import { plural } from '@/lib/text/plural';

const browser = await findBrowserOrExit();
console.log(`• Browser for e2e: ${browser.label}`);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'console-test-all-'));
const skipsFile = path.join(tmp, 'real-data-skips.txt');

const allSteps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['format', ['run', 'format:check']],
  ['unit + integration', ['run', 'test:unit']],
  ['e2e', ['run', 'test:e2e']],
];
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
const passOn = process.argv.includes('--') ? process.argv.slice(process.argv.indexOf('--') + 1) : [];
const steps = only
  ? allSteps
      .filter(([name]) => name.startsWith(only))
      .map(([name, args]) => [name, [...args, '--', ...passOn]] as const)
  : allSteps;
if (!steps.length) {
  console.error(`✖ --only takes one of: ${allSteps.map(([n]) => n.split(' ')[0]).join(', ')}`);
  process.exit(2);
}

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const r = spawnSync('npm', args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      [RESOLVED_ENV]: JSON.stringify(browser),
      [SKIPS_FILE_ENV]: skipsFile,
    },
  });
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - t0) / 1000 });
}
console.log('\n━━ summary ━━');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✖'} ${r.name.padEnd(20)} ${r.seconds.toFixed(1)}s`);
const skipped = existsSync(skipsFile) ? [...new Set(readFileSync(skipsFile, 'utf8').split('\n').filter(Boolean))] : [];
rmSync(tmp, { recursive: true, force: true });
if (skipped.length) {
  console.log(
    `  ⚠ ${plural(skipped.length, 'real-data test')} skipped (the benchmark samples are not on this machine; CI fails instead):`,
  );
  for (const s of skipped) console.log(`      – ${s}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
