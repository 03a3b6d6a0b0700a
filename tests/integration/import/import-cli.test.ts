/**
 * The import command tells scripts what happened: exit 2 when any record or
 * file did not get in, totals that count a file that failed as a whole, and
 * one line (not Node's ERR_PARSE_ARGS stack trace) for a bad option.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  IMPORT_EXIT,
  importExitCode,
  parseImportArgs,
  totalsLine,
  type FileOutcome,
} from '../../../scripts/lib/import-cli';
import { demoRecord, uid } from '../../helpers/factories';
import { runScript } from '../../helpers/run-script';
import { IMPORT_FIXTURES } from '../../helpers/import-files';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-cli-'));

const runImport = (args: string[]) => runScript('scripts/import.ts', args);

const outcome = (over: Partial<FileOutcome>): FileOutcome => ({
  status: 'SUCCEEDED',
  importedCount: 0,
  presentCount: 0,
  conflictCount: 0,
  failedCount: 0,
  ...over,
});

describe('the import command', () => {
  it('exits 0 only when every record got in, and 2 when a record failed, conflicted or a whole file failed', () => {
    expect(importExitCode([outcome({ importedCount: 3 }), outcome({ presentCount: 2 })])).toBe(IMPORT_EXIT.OK);
    expect(importExitCode([outcome({ status: 'PARTIAL', importedCount: 3, failedCount: 9 })])).toBe(
      IMPORT_EXIT.NOT_ALL_IMPORTED,
    );
    expect(importExitCode([outcome({ status: 'PARTIAL', importedCount: 3, conflictCount: 2 })])).toBe(
      IMPORT_EXIT.NOT_ALL_IMPORTED,
    );
    expect(importExitCode([outcome({ importedCount: 3 }), outcome({ status: 'FAILED' })])).toBe(
      IMPORT_EXIT.NOT_ALL_IMPORTED,
    );
  });

  it('counts a file that failed as a whole in the totals, though it has no failed records', () => {
    const line = totalsLine([
      outcome({ importedCount: 3 }),
      outcome({ status: 'PARTIAL', importedCount: 1, failedCount: 9 }),
      outcome({ status: 'FAILED' }),
    ]);
    expect(line).toBe(
      'Total: 3 files, 1 partly imported, 1 failed · 4 imported · 0 already present · 0 conflicts · 9 failed records',
    );
  });

  it('says in one line which option is wrong: a missing value, or an unknown option with the one meant', () => {
    expect(parseImportArgs(['f.jsonl', '--model'])).toEqual({
      ok: false,
      message: expect.stringMatching(/^--model needs a value/),
    });
    expect(parseImportArgs(['--modle', 'gpt-4o', 'f.jsonl'])).toEqual({
      ok: false,
      message: 'Unknown option --modle (did you mean --model?)',
    });
    expect(parseImportArgs(['--bogus-flag', 'f.jsonl'])).toEqual({ ok: false, message: 'Unknown option --bogus-flag' });
    expect(parseImportArgs(['f.jsonl', '--model', 'gpt-4o'])).toEqual({
      ok: true,
      args: { inputs: ['f.jsonl'], model: 'gpt-4o', format: undefined, domain: undefined, help: false },
    });
  });

  it('prints a usage error, not a stack trace, for a bad option and exits 1', { timeout: 60_000 }, async () => {
    const run = await runImport(['--modle', 'x', 'f.jsonl']);
    expect(run.code).toBe(IMPORT_EXIT.USAGE);
    expect(run.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
    expect(run.stderr.trim().split('\n')).toEqual([
      '✖ Unknown option --modle (did you mean --model?)',
      expect.stringMatching(/^Usage: npm run import/),
    ]);
  });

  it(
    'exits 2 for a partly failed import and a file that is not a trajectory file, and the totals say so',
    { timeout: 120_000 },
    async () => {
      const benchmark = `cli-${uid()}`;
      const good = JSON.stringify(demoRecord({ benchmark, trajectoryId: `${benchmark}:1` }));
      const partial = path.join(tmp, 'partial.jsonl');
      writeFileSync(partial, `${good}\n{"format":"trajectory.v1"}\n`);
      const manifest = path.join(tmp, 'manifest.json');
      writeFileSync(manifest, JSON.stringify({ name: 'a manifest', files: ['a', 'b'] }));
      const run = await runImport([partial, manifest]);
      expect(run.code).toBe(IMPORT_EXIT.NOT_ALL_IMPORTED);
      expect(run.stdout).toContain(
        'Total: 2 files, 1 partly imported, 1 failed · 1 imported · 0 already present · 0 conflicts · 1 failed records',
      );

      // Importing the good part again: everything is present, nothing failed.
      const again = await runImport([path.join(IMPORT_FIXTURES, 'native-valid.jsonl')]);
      expect(again.code).toBe(IMPORT_EXIT.OK);
    },
  );
});
