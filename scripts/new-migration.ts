/**
 * Writes a new migration for the changes in prisma/schema.prisma:
 *   npm run db:migration -- <name>
 * Starts a throw-away embedded database (the CLI's driver adapter replays the
 * committed migrations into a shadow database there) and asks `prisma migrate
 * diff` for the SQL from the migrations to the schema; it only ever adds a new
 * folder. (Prisma's `migrate dev --create-only` crashes at exit with the
 * WebAssembly engine; the diff needs the "char" workaround of lib/db/prisma-cli-adapter.ts.)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { throwawayDatabase } from './lib/fresh-database';

const name = process.argv[2]?.replace(/[^a-z0-9_]+/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: npm run db:migration -- <name>');
  process.exit(2);
}
const db = await throwawayDatabase('diff');
// `migrate diff --from-migrations` replays the migrations into a shadow database it creates: the superuser's work.
const diffUrl = new URL(db.adminUrl!);
diffUrl.pathname = '/diff';
try {
  const hasMigrations = readdirSync('prisma/migrations', { withFileTypes: true }).some((d) => d.isDirectory());
  const from = hasMigrations ? ['--from-migrations', 'prisma/migrations'] : ['--from-empty'];
  const sql = execFileSync(
    path.resolve('node_modules/.bin/prisma'),
    ['migrate', 'diff', ...from, '--to-schema-datamodel', 'prisma/schema.prisma', '--script'],
    {
      env: { ...process.env, DATABASE_URL: diffUrl.toString() },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (/^-- This is an empty migration/m.test(sql) || !sql.trim()) {
    console.log('The schema matches the migrations: nothing to write.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const target = path.join('prisma', 'migrations', `${stamp}_${name}`);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, 'migration.sql'), sql);
    console.log(`Wrote ${target}/migration.sql`);
    const lock = path.join('prisma', 'migrations', 'migration_lock.toml');
    if (!hasMigrations)
      writeFileSync(lock, '# Written by scripts/new-migration.ts; keep in git.\nprovider = "postgresql"\n');
  }
} finally {
  await db.stop();
}
