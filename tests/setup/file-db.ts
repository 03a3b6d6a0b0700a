import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Gives this test file its own database, cloned from the migrated template, and
 * points DATABASE_URL at it before any module creates the Prisma client.
 */
const template = new URL(inject('templateDatabaseUrl'));
const name = `t_${randomBytes(6).toString('hex')}`;
const admin = new URL(template);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`CREATE DATABASE ${name} TEMPLATE template_console`);
await client.end();
const url = new URL(template);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { disconnectDatabase } = await import('@/lib/db/disconnect');
  await disconnectDatabase();
});
