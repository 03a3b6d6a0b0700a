/**
 * Exports a frozen bank release:
 *   npm run export -- --release NAME --format json|markdown|wiki --out PATH
 * (and `npm run export -- diagnoses …`: the diagnoses as a dataset, scripts/export-diagnoses.ts)
 * (database: DATABASE_URL, or the running console's, or .data/pg; see
 * scripts/lib/cli-database.ts). The same export as the release page's
 * downloads and GET /api/releases/:name/export.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { parseCliArgs } from './lib/cli-args';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';
import { exportFormatSchema } from '@/lib/releases/export-release';

if (existsSync('.env')) process.loadEnvFile('.env');

// `npm run export -- diagnoses …`: the diagnoses dataset, its own command line (it exits when done).
if (process.argv[2] === 'diagnoses') await import('./export-diagnoses');

const USAGE = 'Usage: npm run export -- --release NAME --format json|markdown|wiki --out PATH';

// A bad command line is refused before any database is opened.
const { values, usageError } = parseCliArgs(USAGE, {
  release: { type: 'string' },
  format: { type: 'string', default: 'json' },
  out: { type: 'string' },
});
if (!values.release) usageError('--release is required (the release name, as on the Releases page)');
if (!values.out) usageError('--out is required (the file to write)');
if (!exportFormatSchema.safeParse(values.format).success)
  usageError(`--format must be one of ${exportFormatSchema.options.join(', ')} (got "${values.format}")`);

const { release, out, format } = values as { release: string; out: string; format: string };
await runCliCommand(async () => {
  const { exportRelease } = await import('@/lib/releases/export-release');
  const file = await exportRelease(CLI_ACTOR, release, format);
  writeFileSync(out, file.body);
  console.log(`✔ ${release} (${format}) → ${out} (${Buffer.byteLength(file.body).toLocaleString('en-US')} bytes)`);
});
