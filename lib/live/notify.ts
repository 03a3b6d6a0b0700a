import { Prisma } from '@prisma/client';
import type { PrismaClient } from '@prisma/client';
import type { Tx } from '@/lib/db/prisma';
import type { QueryClient } from '@/lib/db/query-client';
import { PG_CHANNEL, type AccessEnded, type LiveChange } from './channels';

/**
 * Tells every console process (every replica) that something changed. Call it
 * inside the writer's transaction: PostgreSQL delivers a NOTIFY only when the
 * transaction commits, and drops it on rollback, so subscribers never see a
 * change that did not happen. Outside a transaction it is delivered at once.
 */
export async function notifyChange(db: Tx | PrismaClient, change: LiveChange): Promise<void> {
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${PG_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * Tells every process to end `userId`'s live streams (deactivated, role changed, sessions
 * ended). Inside the writer's transaction, like a change: sent only if the change commits.
 */
export async function notifyAccessEnded(db: Tx | PrismaClient, userId: string): Promise<void> {
  const message: AccessEnded = { accessEnded: { userId } };
  await db.$executeRaw(Prisma.sql`SELECT pg_notify(${PG_CHANNEL}, ${JSON.stringify(message)})`);
}

/** notifyChange on the import path's connection (lib/import/pg-store.ts): same delivery, on commit only. */
export async function notifyChangeOn(client: QueryClient, change: LiveChange): Promise<void> {
  await client.query('SELECT pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify(change)]);
}
