/**
 * The leakage audit from the command line:
 *   npm run leakage [-- --release NAME|current] [--json]
 * Runs every held-out task's retrieval against the bank and prints each leak
 * with its provenance path. Exit code 2 when there is a leak (for CI gates).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connectCliDatabase } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({ options: { release: { type: 'string' }, json: { type: 'boolean' } } });
const db = await connectCliDatabase();
process.env.DATABASE_URL = db.url;
const { auditLeakage } = await import('@/lib/releases/leakage-audit');
const { disconnectDatabase } = await import('@/lib/db/disconnect');
let code = 0;
try {
  const report = await auditLeakage(CLI_ACTOR, { release: values.release });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(`Bank ${report.release}: ${report.heldOutTasks} held-out task(s), ${report.leaks.length} leak(s)`);
    for (const l of report.leaks) {
      console.log(`\n✖ ${l.benchmark} ${l.taskExternalId} retrieves ${l.cardKey} v${l.version}`);
      for (const p of l.paths) console.log(`    ${p.text}`);
    }
  }
  if (report.leaks.length) code = 2;
} catch (err) {
  console.error(`\n✖ ${(err as Error).message}\n`);
  code = 1;
} finally {
  await disconnectDatabase();
  await db.stop();
}
process.exit(code);
