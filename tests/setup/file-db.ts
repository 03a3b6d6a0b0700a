import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/**
 * Gives this test file its own database, cloned from the migrated template, and
 * points DATABASE_URL at it before any module creates the Prisma client.
 */
const template = new URL(inject('templateDatabaseUrl'));
const name = `t_${randomBytes(6).toString('hex')}`;
// The console's role may not create databases (it owns only its own): the superuser clones the template for it.
const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
await client.connect();
await client.query(`CREATE DATABASE ${name} TEMPLATE template_console OWNER ${template.username}`);
await client.end();
const url = new URL(template);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { disconnectDatabase } = await import('@/lib/db/disconnect');
  await disconnectDatabase();
});
