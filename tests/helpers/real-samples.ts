import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { importFile } from '@/lib/import/run-import';
import { realDataPath, skipWithoutRealData } from '../../scripts/lib/real-data';
import { cli } from './import-files';

/** A describe block over the real sample `sub` (../shared/data): skipped and listed without it, required in CI. */
export function describeOnRealData(sub: string, name: string, body: () => void): void {
  describe.skipIf(skipWithoutRealData(sub, name))(name, body);
}

/**
 * Imports the real sample folder `sub` as the CLI does: `files` in that order, or every .json file in name
 * order. Each file must import without a failed record.
 */
export async function importRealSample(sub: string, files?: string[]): Promise<void> {
  const dir = realDataPath(sub);
  for (const f of files ??
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
    const report = await importFile({ ...cli, filePath: path.join(dir, f) });
    expect(report.failedCount, f).toBe(0);
  }
}
