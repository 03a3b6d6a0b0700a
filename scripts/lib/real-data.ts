/**
 * The real benchmark samples (`../shared/data`, never committed) that five
 * tests read. On a user's machine they are absent and those tests skip — but
 * not silently: each skip is appended to REAL_DATA_SKIPS_FILE (set by
 * `npm test`), whose lines the summary prints. In CI (`CI` set) a missing
 * sample is an error, so a broken data path cannot turn the tests off.
 */
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export const REAL_DATA_DIR = path.resolve(process.cwd(), '../shared/data');
export const SKIPS_FILE_ENV = 'REAL_DATA_SKIPS_FILE';

/** The path of a sample under ../shared/data. */
export function realDataPath(sub: string): string {
  return path.join(REAL_DATA_DIR, sub);
}

/**
 * True when the test named `what` must skip because `sub` is missing; throws in CI.
 * Call it where the test framework decides to skip (describe.skipIf / test.skip).
 */
export function skipWithoutRealData(sub: string, what: string): boolean {
  const file = realDataPath(sub);
  if (existsSync(file)) return false;
  if (process.env.CI)
    throw new Error(
      `CI is set but the real-data sample ${file} is missing: "${what}" must run in CI (copy shared/ beside the clone).`,
    );
  const skipsFile = process.env[SKIPS_FILE_ENV];
  if (skipsFile) appendFileSync(skipsFile, `${what} (needs ${path.relative(process.cwd(), file)})\n`);
  return true;
}
