import { PrismaClient } from '@prisma/client';
import { PrismaPg } from '@prisma/adapter-pg';
import { env } from '@/lib/env';
import { connectionSizes, POOL_IDLE_SECONDS } from './pool-settings';

/**
 * The one Prisma client of the process. Kept on globalThis so Next.js hot
 * reload and test files re-importing this module share one connection pool.
 */
const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: env().DATABASE_URL,
    max: connectionSizes().prisma,
    idleTimeoutMillis: POOL_IDLE_SECONDS * 1000,
  });
  return new PrismaClient({ adapter });
}

const client = () => globalForPrisma.__prisma ?? (globalForPrisma.__prisma = createClient());

/**
 * Created on first use, not on import: `next build` imports every route to
 * collect its configuration, and a build (an image, CI) has no DATABASE_URL.
 * Methods are bound to the real client, so `prisma.$transaction(...)` and
 * the model delegates behave exactly as on the client itself.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, prop) {
    const c = client();
    const value: unknown = Reflect.get(c, prop, c);
    return typeof value === 'function' ? value.bind(c) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
