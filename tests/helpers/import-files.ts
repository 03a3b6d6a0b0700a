import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importFile, type ImportFileOptions } from '@/lib/import/run-import';

export const IMPORT_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');

/** Who the import CLI imports as. */
export const cli = { by: { cli: true } as const, source: 'CLI' as const };

/** Imports tests/fixtures/import/`name` the way the CLI does (with any of the CLI's options); the import's report. */
export const importFixture = (name: string, options: Omit<ImportFileOptions, 'by' | 'source' | 'filePath'> = {}) =>
  importFile({ ...cli, filePath: path.join(IMPORT_FIXTURES, name), ...options });

/** The text of tests/fixtures/import/`name`. */
export const readFixture = (name: string) => readFileSync(path.join(IMPORT_FIXTURES, name), 'utf8');

/**
 * A fresh folder under the system's temp folder for a test file's own files: the returned function writes
 * `name` there (text and bytes as they are, anything else as JSON) and returns its path.
 */
export function tempFolder(prefix: string): (name: string, content: unknown) => string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return (name, content) => {
    const file = path.join(dir, name);
    writeFileSync(file, typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content));
    return file;
  };
}
