/**
 * `npm test`: every check, each starting what it needs — typecheck, lint,
 * unit + integration tests (real embedded PostgreSQL), e2e (built app in Chromium).
 * Runs them all, prints a summary, exits non-zero if any failed.
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string[]][] = [
  ['typecheck', ['run', 'typecheck']],
  ['lint', ['run', 'lint']],
  ['unit + integration', ['run', 'test:unit']],
  ['e2e', ['run', 'test:e2e']],
];

const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const r = spawnSync('npm', args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - t0) / 1000 });
}
console.log('\n━━ summary ━━');
for (const r of results) console.log(`  ${r.ok ? '✓' : '✖'} ${r.name.padEnd(20)} ${r.seconds.toFixed(1)}s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
