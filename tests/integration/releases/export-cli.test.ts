/**
 * `npm run export` refuses a bad command line in one line with the usage and
 * exit code 1, before it opens a database: it used to print zod's issue list
 * as JSON for `--format pdf`, and Node's ERR_PARSE_ARGS stack trace for a
 * mistyped option.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../helpers/run-script';

function runExport(args: string[]) {
  // No database at all: a refused command line must not need one.
  const env = { ...process.env, DATABASE_URL: 'postgresql://nobody:nothing@127.0.0.1:1/none', EMBEDDED_PG_PORT: '1' };
  return runScript('scripts/export.ts', args, env);
}

const USAGE = 'Usage: npm run export -- --release NAME --format json|markdown|wiki --out PATH';

describe('the export command line', () => {
  it(
    'names the accepted formats for an unknown --format, in one line with the usage',
    { timeout: 60_000 },
    async () => {
      const run = await runExport(['--release', 'r1', '--format', 'pdf', '--out', '/tmp/x.pdf']);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        '✖ --format must be one of json, markdown, wiki (got "pdf")',
        USAGE,
      ]);
    },
  );

  it('says which option is unknown or missing, without a stack trace', { timeout: 60_000 }, async () => {
    const typo = await runExport(['--releas', 'r1', '--out', '/tmp/x.json']);
    expect(typo.code).toBe(1);
    expect(typo.stderr.trim().split('\n')).toEqual(["✖ Unknown option '--releas'", USAGE]);
    const noOut = await runExport(['--release', 'r1']);
    expect(noOut.code).toBe(1);
    expect(noOut.stderr).toContain('✖ --out is required');
  });
});
