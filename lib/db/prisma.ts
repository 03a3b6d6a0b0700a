import { PrismaClient } from '@prisma/client';
import { PrismaPg } from '@prisma/adapter-pg';
import { env } from '@/lib/env';
import { POOL_IDLE_SECONDS, poolSize } from './pool-settings';

/**
 * The one Prisma client of the process. Kept on globalThis so Next.js hot
 * reload and test files re-importing this module share one connection pool.
 */
const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: env().DATABASE_URL,
    max: poolSize(),
    idleTimeoutMillis: POOL_IDLE_SECONDS * 1000,
  });
  return new PrismaClient({ adapter });
}

export const prisma: PrismaClient = globalForPrisma.__prisma ?? (globalForPrisma.__prisma = createClient());

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
