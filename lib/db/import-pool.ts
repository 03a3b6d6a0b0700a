import postgres from 'postgres';
import { sharedConnection } from './connections';
import { connectionSizes } from './pool-settings';

/**
 * The import path's connections (lib/import/pg-store.ts): the `postgres`
 * package, one pooled connection per batch transaction, so event rows can be
 * streamed with `COPY … FROM STDIN` inside the same transaction as their
 * trajectory (Prisma cannot COPY).
 */
export function importSql(): postgres.Sql {
  return sharedConnection(
    'import',
    (url) => postgres(url, { max: connectionSizes().import, idle_timeout: 5, onnotice: () => undefined }),
    (sql) => sql.end({ timeout: 5 }),
  );
}
