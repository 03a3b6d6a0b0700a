/**
 * Prisma CLI configuration.
 *
 * This project runs offline, so the CLI must use the bundled WebAssembly schema
 * engine (`engine: 'js'`) through the `pg` driver adapter instead of downloading
 * a native engine. Driving migrations through the adapter against PostgreSQL 17
 * hits a few upstream bugs; each workaround below is marked WORKAROUND and can
 * be deleted when the linked issue is fixed upstream.
 */
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';

// WORKAROUND (timers): the WebAssembly engine arms 10 s / 60 s timers it never
// clears, so every CLI command would linger up to a minute after finishing.
// Un-ref long timers created by this CLI process so Node can exit when done.
const originalSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
  const timer = originalSetTimeout(handler, delay, ...args);
  if ((delay ?? 0) >= 10_000 && typeof timer === 'object' && timer && 'unref' in timer) timer.unref();
  return timer;
}) as typeof setTimeout;

// WORKAROUND (prisma/orm#27403): the adapter cannot deserialize catalog columns
// of type "char" (OID 18) and name (OID 19) that the schema engine reads during
// `migrate deploy/reset/dev`. Report them as text (OID 25): their values are
// plain strings either way.
const CATALOG_TEXT_OIDS = new Set([18, 19]);
const TEXT_OID = 25;

type QueryResultLike = { fields?: Array<{ dataTypeID: number }> };

function relabelCatalogFields(result: unknown): unknown {
  const results = Array.isArray(result) ? result : [result];
  for (const r of results as QueryResultLike[]) {
    for (const field of r?.fields ?? []) {
      if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
    }
  }
  return result;
}

class CatalogTextClient extends pg.Client {
  // pg.Pool#query calls client.query(config, values, callback); direct callers
  // use the promise form. Relabel the result in both.
  query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: unknown, res: unknown) => void;
      args[args.length - 1] = (err: unknown, res: unknown) => callback(err, err ? res : relabelCatalogFields(res));
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      return (out as Promise<unknown>).then(relabelCatalogFields) as never;
    }
    return out as never;
  }
}

function poolConfigFromUrl(url: string): pg.PoolConfig {
  // WORKAROUND (shadow database): with `connectionString` the adapter's shadow
  // database silently resolves to the main database, so `migrate dev` would
  // replay into it. Discrete fields let the adapter swap `database` correctly.
  const u = new URL(url);
  return {
    host: decodeURIComponent(u.hostname),
    port: u.port ? Number(u.port) : 5432,
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
    // WORKAROUND (lingering connections): idle clients keep the CLI alive 10 s
    // and block dropping the shadow database ("being accessed by other users").
    idleTimeoutMillis: 1,
    Client: CatalogTextClient as unknown as typeof pg.Client,
  };
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL is not set: the Prisma CLI needs a database to talk to.');
    return new PrismaPg(poolConfigFromUrl(url));
  },
});
