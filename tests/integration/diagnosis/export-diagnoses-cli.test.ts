import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotatorPseudonym } from '@/lib/diagnosis/export-diagnoses';
import { createUser, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';
import { runScript } from '../../helpers/run-script';
import { writeDiagnosis } from '../../helpers/written-diagnosis';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'export-diagnoses-cli-'));

const runExport = (args: string[]) => runScript('scripts/export.ts', args);

describe('npm run export -- diagnoses', () => {
  it('writes the scope as CSV to --out, formula-like text made inert', { timeout: 90_000 }, async () => {
    const benchmark = `cli-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, taskId: 'cli/1' })]);
    const author = await createUser('ANNOTATOR');
    await writeDiagnosis({
      trajectoryId,
      authorId: author.id,
      at: { passed: false },
      fields: { eventStart: 1, eventEnd: 1, whatWentWrong: '+wrong id', whatShouldHaveHappened: 'the right one' },
    });
    const out = path.join(tmp, 'd.csv');
    const run = await runExport(['diagnoses', '--format', 'csv', '--out', out, '--benchmark', benchmark]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`✔ diagnoses (csv) → ${out}`);
    const [header, row, end] = readFileSync(out, 'utf8').split('\n');
    expect(header.startsWith('diagnosis_id,submitted_at,benchmark,')).toBe(true);
    expect(row).toContain(`,${benchmark},airline,cli/1,`);
    expect(row).toContain(",'+wrong id,the right one,");
    expect(row).toContain(annotatorPseudonym(author.id));
    expect(end).toBe('');
  });

  it('refuses a bad scope in one line with the usage, before opening a database', { timeout: 60_000 }, async () => {
    const run = await runExport(['diagnoses', '--out', path.join(tmp, 'x'), '--from', '2026-13-45']);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')[0]).toBe('✖ --from: Expected a date as YYYY-MM-DD');
    expect(run.stderr).toContain('Usage: npm run export -- diagnoses');
  });
});
