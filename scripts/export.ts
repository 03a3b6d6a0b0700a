/**
 * Exports a frozen bank release:
 *   npm run export -- --release NAME --format json|markdown|wiki --out PATH
 * (database: DATABASE_URL, or the running console's, or .data/pg; see
 * scripts/lib/cli-database.ts). The same export as the release page's
 * downloads and GET /api/releases/:name/export.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { connectCliDatabase } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE = 'Usage: npm run export -- --release NAME --format json|markdown|wiki --out PATH';

const { values } = parseArgs({ options: { release: { type: 'string' }, format: { type: 'string', default: 'json' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help || !values.release || !values.out) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 1);
}

const db = await connectCliDatabase();
process.env.DATABASE_URL = db.url;
const { exportRelease } = await import('@/lib/releases/export-release');
const { disconnectDatabase } = await import('@/lib/db/disconnect');
let code = 0;
try {
  const file = await exportRelease(CLI_ACTOR, values.release, values.format);
  writeFileSync(values.out, file.body);
  console.log(`✔ ${values.release} (${values.format}) → ${values.out} (${Buffer.byteLength(file.body).toLocaleString('en-US')} bytes)`);
} catch (err) {
  console.error(`\n✖ ${(err as Error).message}\n`);
  code = 1;
} finally {
  await disconnectDatabase();
  await db.stop();
}
process.exit(code);
