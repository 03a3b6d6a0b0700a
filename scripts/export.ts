/**
 * Exports a frozen bank release:
 *   npm run export -- --release NAME --format json|markdown|wiki --out PATH
 * (database: DATABASE_URL, or the running console's, or .data/pg; see
 * scripts/lib/cli-database.ts). The same export as the release page's
 * downloads and GET /api/releases/:name/export.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE = 'Usage: npm run export -- --release NAME --format json|markdown|wiki --out PATH';

const { values } = parseArgs({ options: { release: { type: 'string' }, format: { type: 'string', default: 'json' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.release || !values.out) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const { release, out, format } = values;
await runCliCommand(async () => {
  const { exportRelease } = await import('@/lib/releases/export-release');
  const file = await exportRelease(CLI_ACTOR, release, format);
  writeFileSync(out, file.body);
  console.log(`✔ ${release} (${format}) → ${out} (${Buffer.byteLength(file.body).toLocaleString('en-US')} bytes)`);
});
