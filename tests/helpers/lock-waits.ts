import { prisma } from '@/lib/db/prisma';

/** Backends of this database waiting for a lock while running a statement whose text contains `text` (any case). */
export async function lockWaiters(text: string): Promise<number> {
  const [{ n }] = await prisma.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${`%${text}%`}`;
  return n;
}
