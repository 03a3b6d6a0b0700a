import { closeImportPool } from '@/lib/import/pg-store';
import { closeListener } from '@/lib/live/listener';
import { prisma } from './prisma';
import { closeReadPool } from './sql';

/**
 * Closes every connection of this process (Prisma's pool, the read path's and
 * the import path's, the live listener) so a command-line tool exits, and a test database can be
 * dropped, without waiting for idle connections to time out.
 */
export async function disconnectDatabase(): Promise<void> {
  await Promise.all([prisma.$disconnect(), closeReadPool(), closeImportPool(), closeListener()]);
}
