import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SKIPS_FILE_ENV, skipWithoutRealData } from '../../scripts/lib/real-data';

const saved = { CI: process.env.CI, skips: process.env[SKIPS_FILE_ENV] };
afterEach(() => {
  for (const [k, v] of [
    ['CI', saved.CI],
    [SKIPS_FILE_ENV, saved.skips],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('tests that need the real benchmark samples', () => {
  it("skip on a user's machine, but say so in the summary file", () => {
    delete process.env.CI;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'skips-')), 'skips.txt');
    process.env[SKIPS_FILE_ENV] = file;
    expect(skipWithoutRealData('no-such-sample/here.json', 'the alignment test')).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^the alignment test \(needs .*no-such-sample\/here\.json\)\n$/);
  });

  it('fail in CI instead of skipping', () => {
    process.env.CI = 'true';
    expect(() => skipWithoutRealData('no-such-sample/here.json', 'the alignment test')).toThrow(
      /CI is set but the real-data sample .* is missing: "the alignment test" must run in CI/,
    );
  });
});
