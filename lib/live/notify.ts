import { Prisma } from '@prisma/client';
import type { PrismaClient } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import { PG_CHANNEL, type LiveChange } from './channels';

/**
 * Tells every console process (every replica) that something changed. Call it
 * inside the writer's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, and drops it on rollback, so subscribers never see a
 * change that did not happen. Outside a transaction it is delivered at once.
 */
export async function notifyChange(db: Tx | PrismaClient, change: LiveChange): Promise<void> {
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${PG_CHANNEL}, ${JSON.stringify(change)})`);
}
