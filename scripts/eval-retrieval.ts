/**
 * npm run eval:retrieval -- [--release NAME] [--labels FILE] [--k 3] [--json]
 *
 * Retrieval quality of a bank against a labels file (docs/retrieval-quality.md):
 * recall@k, precision@k, MRR and nDCG@k per card kind, and every miss. The
 * bank is a frozen release (--release NAME) or the live bank (without it); the
 * labels are the file given, or every judgement reviewers stored in the
 * retrieval preview when --labels is left out. Writes nothing. Exit 1 on bad
 * input (the labels file's line and field are named).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runCliCommand } from './lib/cli-database';
import { CLI_ACTOR } from './lib/cli-actor';

if (existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({
  options: {
    release: { type: 'string' },
    labels: { type: 'string' },
    k: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
  },
});

await runCliCommand(async () => {
  const { parseLabelsFile } = await import('@/lib/retrieval/labels-file');
  const { formatQuality } = await import('@/lib/retrieval/retrieval-quality');
  const { measureRetrievalQuality } = await import('@/lib/retrieval/measure-quality');
  const fromFile = values.labels ? parseLabelsFile(readFileSync(values.labels, 'utf8'), values.labels) : undefined;
  const report = await measureRetrievalQuality(
    CLI_ACTOR,
    { release: values.release ?? 'current', k: values.k },
    fromFile,
  );
  if (report.labelledQueries === 0)
    throw new Error('No labels: pass --labels FILE, or label results in the retrieval preview first');
  const bank = values.release ? `release "${report.release}"` : 'the live bank';
  console.log(values.json ? JSON.stringify(report, null, 2) : formatQuality(report, bank).join('\n'));
});
