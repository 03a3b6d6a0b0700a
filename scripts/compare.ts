/**
 * The paired comparison of two arms on the same tasks, printed (or written to a file):
 *   npm run compare -- --a <arm> --b <arm> [--benchmark B] [--ability A] [--task T] [--format md|json|csv] [--out PATH]
 * An arm is R0 (no memory), a release name, or key=value parts joined by commas (release, model,
 * agent, import): `--a R0 --b v2`, `--a model=gpt-4.1 --b model=ft-gpt-4.1`. The same report as the
 * compare page and GET /api/compare (docs/compare-releases.md). Database: as scripts/lib/cli-database.ts.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { REPORT_FORMATS } from '@/lib/compare/format-report';
import { parseCliArgs } from './lib/cli-args';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const USAGE =
  'Usage: npm run compare -- --a <arm> --b <arm> [--benchmark B] [--ability A] [--task T] [--format md|json|csv] [--out PATH]\n' +
  '  an arm: R0 | <release name> | key=value[,key=value…] with keys release, model, agent, import';

const { values, usageError } = parseCliArgs(USAGE, {
  a: { type: 'string' },
  b: { type: 'string' },
  benchmark: { type: 'string' },
  ability: { type: 'string' },
  task: { type: 'string' },
  format: { type: 'string', default: 'md' },
  out: { type: 'string' },
});
if (!values.a) usageError('--a is required (the arm before, e.g. R0 or a release name)');
if (!values.b) usageError('--b is required (the arm after)');
const format = values.format as string;
if (!(REPORT_FORMATS as readonly string[]).includes(format))
  usageError(`--format must be one of ${REPORT_FORMATS.join(', ')} (got "${format}")`);

await runCliCommand(async () => {
  const { exportComparison } = await import('@/lib/compare/export-comparison');
  const file = await exportComparison(CLI_ACTOR, {
    a: values.a,
    b: values.b,
    benchmark: values.benchmark,
    ability: values.ability,
    task: values.task,
    format,
  });
  if (typeof values.out === 'string') {
    writeFileSync(values.out, file.body);
    console.log(`✔ ${values.b} against ${values.a} (${format}) → ${values.out}`);
  } else process.stdout.write(file.body);
});
