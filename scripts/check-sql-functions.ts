/**
 * `npm run db:check-functions`: does the database hold exactly the functions
 * and triggers of prisma/sql? Reports each one missing, extra or different
 * and exits 1 if any; changes nothing (lib/db/compare-sql-functions.ts). For
 * a database migrated by hand, or one an operator suspects was edited.
 * Works on DATABASE_URL, else the running console's embedded PostgreSQL.
 */
import { runCliCommand } from './lib/cli-database';
import { compareSqlFunctions } from '@/lib/db/compare-sql-functions';

await runCliCommand(async () => {
  const drift = await compareSqlFunctions(process.env.DATABASE_URL!);
  const lines = [
    ...drift.missing.map((k) => `missing  ${k} (declared in prisma/sql, not in the database)`),
    ...drift.extra.map((k) => `extra    ${k} (in the database, declared by no file in prisma/sql)`),
    ...drift.changed.map((k) => `changed  ${k} (the database's definition differs from its file)`),
  ];
  if (!lines.length) {
    console.log('✓ The database holds exactly the functions and triggers of prisma/sql.');
    return 0;
  }
  console.error(lines.join('\n'));
  console.error('\nnpm start (or any command that migrates) applies prisma/sql; extras are dropped by a migration.');
  return 1;
});
