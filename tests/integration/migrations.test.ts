import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';

describe('migrations', () => {
  it('applies every committed migration to a fresh database with migrate deploy', async () => {
    const committed = readdirSync('prisma/migrations', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    const applied = await prisma.$queryRaw<{ migration_name: string; finished_at: Date | null }[]>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    expect(applied.map((m) => m.migration_name)).toEqual(committed);
    expect(applied.every((m) => m.finished_at)).toBe(true);
  });
});
