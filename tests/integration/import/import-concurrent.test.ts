import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { importFile } from '@/lib/import/run-import';
import { demoRecord } from '../../helpers/factories';
import { cli } from '../../helpers/import-files';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-concurrent-'));

/** `count` records spread over a few tasks of one benchmark; record i always has the same content. */
function records(benchmark: string, from: number, count: number) {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const task = DEMO_TASKS[i % 3];
    return demoRecord({ benchmark, task, attempt: 0, trajectoryId: `${benchmark}:run-${i}` });
  });
}

function writeJsonl(name: string, rows: unknown[]): string {
  const file = path.join(tmp, name);
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

describe('concurrent imports', () => {
  it('two imports of overlapping files at once fail no record, create each task once and store each trajectory once', async () => {
    const benchmark = 'concurrent-overlap';
    // 0..299 and 100..399: 200 shared records, several batches each, every task new to both.
    const a = writeJsonl('a.jsonl', records(benchmark, 0, 300));
    const b = writeJsonl('b.jsonl', records(benchmark, 100, 300));
    const [ra, rb] = await Promise.all([importFile({ ...cli, filePath: a }), importFile({ ...cli, filePath: b })]);

    for (const r of [ra, rb]) {
      expect(r.errors).toEqual([]);
      expect(r).toMatchObject({ status: 'SUCCEEDED', recordsTotal: 300, failedCount: 0, conflictCount: 0 });
    }
    expect(ra.importedCount + rb.importedCount).toBe(400);
    expect(ra.presentCount + rb.presentCount).toBe(200);
    expect(await prisma.task.count({ where: { benchmark } })).toBe(3);
    expect(await prisma.trajectory.count({ where: { task: { benchmark } } })).toBe(400);
  });

  it('three imports of the same records in opposite orders at once store each record once and report the rest as present', async () => {
    const benchmark = 'concurrent-reverse';
    const rows = records(benchmark, 0, 400);
    const files = [
      writeJsonl('ra.jsonl', rows),
      writeJsonl('rb.jsonl', [...rows].reverse()),
      writeJsonl('rc.jsonl', rows),
    ];
    const reports = await Promise.all(files.map((filePath) => importFile({ ...cli, filePath })));

    for (const r of reports) {
      expect(r.errors).toEqual([]);
      expect(r).toMatchObject({ status: 'SUCCEEDED', recordsTotal: 400, failedCount: 0, conflictCount: 0 });
    }
    expect(reports.reduce((n, r) => n + r.importedCount, 0)).toBe(400);
    expect(await prisma.task.count({ where: { benchmark } })).toBe(3);
    expect(await prisma.trajectory.count({ where: { task: { benchmark } } })).toBe(400);
  });
});
