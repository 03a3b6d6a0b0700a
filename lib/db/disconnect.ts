import { closeConnections } from './connections';
import { prisma } from './prisma';

/**
 * Closes every connection of this process (Prisma's pool, and everything in
 * the registry of lib/db/connections.ts: the read, long, import and rate-limit
 * pools, the live listener, the job queue, lock sessions) so a command-line
 * tool exits, and a test database can be dropped, without waiting for idle
 * connections to time out.
 */
export async function disconnectDatabase(): Promise<void> {
  await Promise.all([prisma.$disconnect(), closeConnections()]);
}
