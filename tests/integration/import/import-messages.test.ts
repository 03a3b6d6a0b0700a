/**
 * Import messages say what is wrong and where: a truncated JSON file names the
 * byte, line and record it broke in; a format named wrongly says which format
 * the file looks like; `[]` holds 0 records; a problem page past the end names
 * the last page.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS_PER_PAGE, getImportReport } from '@/lib/import/import-jobs';
import { importFile } from '@/lib/import/run-import';
import { cli, readFixture } from '../../helpers/import-files';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-messages-'));

function writeTmp(name: string, text: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, text);
  return file;
}

describe('a truncated τ²-bench results file', () => {
  it('keeps the complete simulations and says at which byte and line, and in which record, the file broke off', async () => {
    const whole = readFixture('tau2-bakery.json').replace(/"bakery"/g, '"bakery-cut"');
    // Cut inside the third simulation's id string: "sim-c" becomes "si.
    const cut = whole.slice(0, whole.indexOf('"sim-c"') + 3);
    const report = await importFile({ ...cli, filePath: writeTmp('bakery-cut.json', cut) });

    expect(report).toMatchObject({ format: 'tau2', status: 'PARTIAL', importedCount: 2, failedCount: 1 });
    const broken = report.errors.find((e) => e.kind === 'INVALID')!;
    const bytes = Buffer.byteLength(cut);
    const lines = cut.split('\n').length;
    expect(broken).toMatchObject({ recordIndex: 2, line: lines, path: 'simulations[2]' });
    expect(broken.reason).toBe(
      `the JSON is malformed or truncated at or before byte ${bytes.toLocaleString('en-US')} (line ${lines}, where the file ends), inside record 2 (simulations[2]), which is not imported: the file ends inside a string`,
    );
  });

  it('names the bare list element a τ-bench file broke in', async () => {
    const records = [0, 1, 2].map((i) => ({
      task_id: i,
      trial: 0,
      reward: 1,
      info: {},
      traj: [{ role: 'user', content: `hello ${i}` }],
    }));
    const text = JSON.stringify(records, null, 1);
    const cut = text.slice(0, text.lastIndexOf('hello'));
    const report = await importFile({
      ...cli,
      filePath: writeTmp('tau1-cut.json', cut),
      format: 'tau1',
      model: 'm',
      domain: 'airline',
    });
    const broken = report.errors.find((e) => /truncated/.test(e.reason))!;
    expect(broken).toMatchObject({ recordIndex: 2, path: '[2]', line: cut.split('\n').length });
    expect(broken.reason).toMatch(
      /^the JSON is malformed or truncated after 2 records at or before byte [\d,]+ \(line \d+, where the file ends\), inside record 2 \(\[2\]\)/,
    );
  });
});

describe('format messages', () => {
  it('a τ²-bench file forced to native says the file looks like τ²-bench results', async () => {
    const oneLine = JSON.stringify(JSON.parse(readFixture('tau2-bakery.json')));
    const report = await importFile({ ...cli, filePath: writeTmp('bakery-as-native.json', oneLine), format: 'native' });
    expect(report).toMatchObject({ status: 'FAILED', importedCount: 0 });
    expect(report.errors.map((e) => e.reason).join('\n')).toContain('expected "trajectory.v1"');
    expect(report.error).toBe(
      'The file was read as native JSONL (trajectory.v1), as asked, but it looks like τ²-bench results JSON: import it with the format "tau2", or leave the format to be detected.',
    );
  });

  it('a file holding just [] says it holds 0 records, not that its format is unknown (detected or named)', async () => {
    for (const format of [undefined, 'tau2'] as const) {
      const report = await importFile({ ...cli, filePath: writeTmp('empty-list.json', ' [ ]\n'), format });
      expect(report).toMatchObject({ status: 'FAILED', recordsTotal: 0 });
      expect(report.error).toBe(
        'empty-list.json holds 0 records: it is an empty JSON list ([ ]), so there is nothing to import.',
      );
    }
  });
});

describe("a report's problem pages", () => {
  it('answers a page past the end with no problems and the number of the last page', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => `{"format":"trajectory.v1","n":${i}}`);
    const report = await importFile({ ...cli, filePath: writeTmp('all-bad.jsonl', `${lines.join('\n')}\n`) });
    const pageCount = Math.ceil(report.errorCount / ERRORS_PER_PAGE);
    expect(pageCount).toBeGreaterThan(1);
    expect(report).toMatchObject({ failedCount: 300, errorsPage: 1, errorsPageCount: pageCount });
    const beyond = await getImportReport(report.id, pageCount + 5);
    expect(beyond).toMatchObject({ errors: [], errorsPage: pageCount + 5, errorsPageCount: pageCount });
    expect((await getImportReport(report.id, pageCount)).errors.length).toBeGreaterThan(0);
  });
});
