/**
 * A dead importer is seen at once: the importing process holds a session
 * advisory lock on its job (lib/import/import-lock.ts); when it is killed the
 * lock goes with its connection and readers show the job as interrupted,
 * with "re-import to finish". Records written before are kept.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import {
  failStaleImports,
  INTERRUPTED_MESSAGE,
  markInterruptedImports,
  STALE_IMPORT_MINUTES,
} from '@/lib/import/fail-stale-imports';
import { holdImportLock } from '@/lib/import/import-lock';
import { getImportReport, listImportJobs } from '@/lib/import/import-jobs';
import { importFile } from '@/lib/import/run-import';
import { createActor, demoRecord } from '../../helpers/factories';
import { waitFor } from '../../helpers/wait-for';

describe('interrupted imports', () => {
  it(
    'shows a CLI import killed with kill -9 as interrupted at once; re-importing finishes it',
    { timeout: 120_000 },
    async () => {
      const benchmark = `killed-${Date.now()}`;
      const lines = Array.from({ length: 3000 }, (_, i) =>
        JSON.stringify(demoRecord({ benchmark, trajectoryId: `${benchmark}:${i}` })),
      );
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'import-kill-')), 'big.jsonl');
      writeFileSync(file, lines.join('\n') + '\n');

      // node itself (not the tsx wrapper, whose own child would survive the kill) is the importing process.
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file], {
        env: { ...process.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.resume();
      child.stderr!.resume();
      const exited = new Promise((r) => child.once('exit', r));
      let jobId: string;
      try {
        // Mid-file: some batches committed, the rest still to come.
        jobId = await waitFor(
          'the import to commit its first batch',
          async () => {
            const job = await prisma.importJob.findFirst({
              where: { fileName: 'big.jsonl', status: 'RUNNING', importedCount: { gt: 0 } },
            });
            return job?.id;
          },
          90_000,
          20,
        );
        // While the importer lives, its job is running (the lock is held).
        expect((await getImportReport(jobId)).status).toBe('RUNNING');
      } finally {
        child.kill('SIGKILL');
        await exited;
      }

      const report = await waitFor(
        'the report to show the dead importer',
        async () => {
          const r = await getImportReport(jobId);
          return r.status === 'INTERRUPTED' ? r : null;
        },
        10_000,
      );
      expect(report.error).toBe(INTERRUPTED_MESSAGE);
      expect(report.error).toContain('re-import the file to finish');
      expect(report.importedCount).toBeGreaterThan(0);
      expect(report.importedCount).toBeLessThan(3000);
      // Every committed record is whole: as many trajectories as counted, each with all its events.
      const written = await prisma.trajectory.findMany({
        where: { task: { benchmark } },
        select: { eventCount: true, _count: { select: { events: true } } },
      });
      expect(written.length).toBeGreaterThanOrEqual(report.importedCount);
      expect(written.every((t) => t._count.events === t.eventCount)).toBe(true);

      const again = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
      expect(again).toMatchObject({
        status: 'SUCCEEDED',
        importedCount: 3000 - written.length,
        presentCount: written.length,
      });
    },
  );

  it('leaves a job alone while its importer holds the lock, in the report and in the list', async () => {
    const job = await prisma.importJob.create({
      data: { status: 'RUNNING', source: 'UPLOAD', fileName: 'live.jsonl' },
    });
    const lock = await holdImportLock(job.id);
    try {
      expect(await markInterruptedImports()).toBe(0);
      expect((await getImportReport(job.id)).status).toBe('RUNNING');
      const list = await listImportJobs(await createActor('ADMIN'), { page: 1, pageSize: 50 });
      expect(list.items.find((j) => j.id === job.id)?.status).toBe('RUNNING');
    } finally {
      await lock.release();
    }
    const list = await listImportJobs(await createActor('ADMIN'), { page: 1, pageSize: 50 });
    expect(list.items.find((j) => j.id === job.id)).toMatchObject({
      status: 'INTERRUPTED',
      error: INTERRUPTED_MESSAGE,
    });
  });

  it('marks a job that never got past QUEUED after the stale period, and leaves finished jobs alone', async () => {
    const queued = await prisma.importJob.create({ data: { status: 'QUEUED', source: 'CLI', fileName: 'old.jsonl' } });
    const fresh = await prisma.importJob.create({ data: { status: 'QUEUED', source: 'CLI', fileName: 'new.jsonl' } });
    const done = await prisma.importJob.create({
      data: { status: 'SUCCEEDED', source: 'API', fileName: 'done.jsonl' },
    });
    await prisma.$executeRaw`UPDATE "ImportJob" SET "updatedAt" = now() - make_interval(mins => ${STALE_IMPORT_MINUTES + 1}) WHERE id IN (${queued.id}, ${done.id})`;

    expect(await failStaleImports()).toBe(1);
    const byId = Object.fromEntries(
      (await prisma.importJob.findMany({ where: { id: { in: [queued.id, fresh.id, done.id] } } })).map((j) => [
        j.id,
        j.status,
      ]),
    );
    expect(byId).toEqual({ [queued.id]: 'INTERRUPTED', [fresh.id]: 'QUEUED', [done.id]: 'SUCCEEDED' });
  });
});
