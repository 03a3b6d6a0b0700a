import { closeImportPool } from '@/lib/import/pg-store';
import { prisma } from './prisma';
import { closeReadPool } from './sql';

/**
 * Closes every connection pool of this process (Prisma's, the read path's and
 * the import path's) so a command-line tool exits, and a test database can be
 * dropped, without waiting for idle connections to time out.
 */
export async function disconnectDatabase(): Promise<void> {
  await Promise.all([prisma.$disconnect(), closeReadPool(), closeImportPool()]);
}
