/**
 * The leakage audit from the command line:
 *   npm run leakage [-- --release NAME|current] [--json]
 * Runs every held-out task's retrieval against the bank and prints each leak
 * with its provenance path. Exit code 2 when there is a leak (for CI gates).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { plural } from '@/lib/text/plural';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({ options: { release: { type: 'string' }, json: { type: 'boolean' } } });
await runCliCommand(async () => {
  const { auditLeakage } = await import('@/lib/releases/leakage-audit');
  const report = await auditLeakage(CLI_ACTOR, { release: values.release });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `Bank ${report.release}: ${plural(report.heldOutTasks, 'held-out task')}, ${plural(report.leaks.length, 'leak')}`,
    );
    for (const l of report.leaks) {
      console.log(`\n✖ ${l.benchmark} ${l.taskExternalId} retrieves ${l.cardKey} v${l.version}`);
      for (const p of l.paths) console.log(`    ${p.text}`);
    }
  }
  // Exit 2 on a leak: CI gates tell it from a failure (1).
  return report.leaks.length ? 2 : 0;
});
