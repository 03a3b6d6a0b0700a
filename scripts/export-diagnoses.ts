/**
 * Exports the diagnoses as a dataset:
 *   npm run export -- diagnoses --format jsonl|csv --out PATH [--benchmark B] [--ability A] [--model M]
 *     [--task T] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--deidentify] [--annotators pseudonymous|named]
 * The same file as GET /api/diagnoses/export and the Agreement page's "Export diagnoses" (docs/export-diagnoses.md),
 * written as it is read, a page of diagnoses at a time.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseCliArgs } from './lib/cli-args';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';
import { diagnosisExportQuerySchema } from '@/lib/diagnosis/export-scope';

const USAGE =
  'Usage: npm run export -- diagnoses --format jsonl|csv --out PATH [--benchmark B] [--ability A] [--model M] [--task T] [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--deidentify] [--annotators pseudonymous|named]';

const text = { type: 'string' } as const;
const { values, usageError } = parseCliArgs(
  USAGE,
  {
    format: { type: 'string', default: 'jsonl' },
    out: text,
    benchmark: text,
    ability: text,
    model: text,
    task: text,
    from: text,
    to: text,
    annotators: text,
    deidentify: { type: 'boolean' },
  },
  process.argv.slice(2).filter((a, i) => !(i === 0 && a === 'diagnoses')),
);
const { out: outArg, help: _help, ...query } = values;
const out = outArg ?? usageError('--out is required (the file to write)');
if (query.format === 'count') usageError('--format must be jsonl or csv');
const checked = diagnosisExportQuerySchema.safeParse(query);
if (!checked.success) usageError(checked.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));

await runCliCommand(async () => {
  const { exportDiagnoses } = await import('@/lib/diagnosis/export-diagnoses');
  const file = exportDiagnoses(CLI_ACTOR, query);
  const stream = createWriteStream(out);
  let bytes = 0;
  for await (const chunk of file.chunks) {
    bytes += Buffer.byteLength(chunk);
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  console.log(`✔ diagnoses (${query.format}) → ${out} (${bytes.toLocaleString('en-US')} bytes)`);
});
