import { Prisma } from '@prisma/client';
import { prisma } from '@/lib/db/prisma';

/** Backends of this database waiting for a lock while running a statement whose text contains `text` (any case). */
export async function lockWaiters(text: string): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${`%${text}%`}`;
  return n;
}

/** Runs `lockingSelect` (a SELECT … FOR UPDATE) in an open transaction and holds its locks until `release` is called; resolves once they are held. */
export async function holdRowLocks(lockingSelect: Prisma.Sql): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const holder = prisma.$transaction(
    async (tx) => {
      await tx.$queryRaw(lockingSelect);
      locked();
      await gate;
    },
    { timeout: 60_000 },
  );
  await Promise.race([held, holder]);
  return {
    release: async () => {
      release();
      await holder;
    },
  };
}

/** Holds a trajectory's row lock (see holdRowLocks). */
export const holdTrajectoryRow = (id: string) =>
  holdRowLocks(Prisma.sql`SELECT id FROM "Trajectory" WHERE id = ${id} FOR UPDATE`);
