import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { failStaleImports, STALE_IMPORT_MINUTES } from '@/lib/import/fail-stale-imports';

describe('interrupted imports', () => {
  it('fails a running import whose process stopped writing progress, and leaves live ones alone', async () => {
    const stale = await prisma.importJob.create({ data: { status: 'RUNNING', source: 'CLI', fileName: 'old.jsonl', importedCount: 3 } });
    const live = await prisma.importJob.create({ data: { status: 'RUNNING', source: 'UPLOAD', fileName: 'live.jsonl' } });
    const done = await prisma.importJob.create({ data: { status: 'SUCCEEDED', source: 'API', fileName: 'done.jsonl' } });
    await prisma.$executeRaw`UPDATE "ImportJob" SET "updatedAt" = now() - interval '1 hour' WHERE id IN (${stale.id}, ${done.id})`;

    expect(await failStaleImports()).toBe(1);

    const after = await prisma.importJob.findMany({ where: { id: { in: [stale.id, live.id, done.id] } } });
    const byId = Object.fromEntries(after.map((j) => [j.id, j]));
    expect(byId[stale.id]).toMatchObject({ status: 'FAILED', importedCount: 3 });
    expect(byId[stale.id].error).toContain(`${STALE_IMPORT_MINUTES} minutes`);
    expect(byId[live.id].status).toBe('RUNNING');
    expect(byId[done.id].status).toBe('SUCCEEDED');
  });
});
