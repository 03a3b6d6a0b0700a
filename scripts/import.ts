/**
 * Imports trajectories from the command line:
 *   npm run import -- <file|folder|archive> [more…] [--format …] [--model NAME] [--domain NAME] [--agent NAME] [--tasks DIR]
 * Uses DATABASE_URL when set; otherwise the console's embedded PostgreSQL in
 * .data/pg: if `npm start` is running, its server is used, else it is started
 * for the import (and migrated) and stopped afterwards.
 * Exit code: 0 all imported, 1 could not run, 2 something failed (scripts/lib/import-cli.ts).
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { connectCliDatabase } from './lib/cli-database';
import {
  IMPORT_EXIT,
  IMPORT_USAGE,
  importExitCode,
  parseImportArgs,
  totalsLine,
  type FileOutcome,
} from './lib/import-cli';
import { failedWithoutCheckpointNote } from '@/lib/trajectories/no-failed-checkpoint';
import { notStartedNote } from '@/lib/import/not-started-note';
import { runLabel } from '@/lib/trajectories/run-label';

if (existsSync('.env')) process.loadEnvFile('.env');

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(IMPORT_EXIT.USAGE);
}

/** Files the walk takes: trajectory files, gzipped ones and archives (unpacked within limits by the import). */
const IMPORTABLE = /\.(jsonl?|eval|gz|tgz|zip)$/i;

/**
 * Inputs to import: a folder in a folder format (a TheAgentCompany agent
 * folder, or one holding several with their tasks/; an ATIF run folder) is one input; any other
 * folder is walked (sorted, so the report order is stable) for its files.
 */
async function collectInputs(inputs: string[]): Promise<string[]> {
  const { listFolder } = await import('@/lib/import/adapters/folder-input');
  // An agent folder, or a folder of agent folders: one input. Deeper ones are reached by the walk.
  const isTacFolder = async (dir: string) =>
    tacAgentFolders(await listFolder(dir)).some((agent) => agent.split('/').filter(Boolean).length <= 1);
  const { tacAgentFolders } = await import('@/lib/import/adapters/folder-input');
  const out: string[] = [];
  for (const input of inputs) {
    if (!existsSync(input)) fail(`No such file or folder: ${input}`);
    if (statSync(input).isDirectory()) {
      // An ATIF run folder (trajectory.json + metrics.json + verifier/): one run, its sidecars read with it.
      if ((await isTacFolder(input)) || existsSync(path.join(input, 'trajectory.json'))) {
        out.push(input);
        continue;
      }
      for (const name of readdirSync(input).sort()) {
        const full = path.join(input, name);
        if (statSync(full).isDirectory()) out.push(...(await collectInputs([full])));
        else if (IMPORTABLE.test(name)) out.push(full);
      }
    } else out.push(input);
  }
  return out;
}

/** Lines of a JSONL file (a fast byte scan), so the progress line can say "done / total". */
async function countLines(file: string): Promise<number> {
  let n = 0;
  let last = 10;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
    if (chunk.length) last = chunk[chunk.length - 1];
  }
  return last === 10 ? n : n + 1;
}

const fmtRate = (n: number, ms: number) => (ms > 0 ? Math.round((n * 1000) / ms).toLocaleString('en-US') : '–');

async function main() {
  const parsed = parseImportArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`✖ ${parsed.message}\n${IMPORT_USAGE}`);
    process.exit(IMPORT_EXIT.USAGE);
  }
  const { inputs: positionals, ...values } = parsed.args;
  if (values.help || !positionals.length) {
    console.log(IMPORT_USAGE);
    process.exit(values.help ? IMPORT_EXIT.OK : IMPORT_EXIT.USAGE);
  }
  const files = await collectInputs(positionals);
  if (!files.length) fail(`No .json, .jsonl, .eval, .gz or .zip files found in ${positionals.join(', ')}`);
  if (values.tasks && !(existsSync(values.tasks) && statSync(values.tasks).isDirectory()))
    fail(`--tasks ${values.tasks} is not a folder (it should hold <task>/task.md and <task>/checkpoints.md)`);

  const db = await connectCliDatabase().catch((err: Error) => fail(err.message));
  process.env.DATABASE_URL = db.url;
  const { importFile, assertFormat } = await import('@/lib/import/run-import');
  const { disconnectDatabase } = await import('@/lib/db/disconnect');
  let format;
  try {
    format = assertFormat(values.format);
  } catch (err) {
    fail((err as Error).message);
  }

  const tty = process.stderr.isTTY;
  const outcomes: FileOutcome[] = [];
  try {
    for (const file of files) {
      let last = 0;
      // JSON formats hold an unknown number of records until parsed: their progress is the share of bytes read.
      const totalLines = /\.jsonl$/i.test(file) && statSync(file).isFile() ? await countLines(file) : null;
      const report = await importFile({
        by: { cli: true },
        source: 'CLI',
        filePath: file,
        format,
        model: values.model,
        domain: values.domain,
        agent: values.agent,
        tasksDir: values.tasks ? path.resolve(values.tasks) : undefined,
        onProgress: (p) => {
          const now = Date.now();
          if (now - last < 250 && p.bytesRead < p.bytesTotal) return;
          last = now;
          const pct = p.bytesTotal ? Math.min(100, Math.round((p.bytesRead / p.bytesTotal) * 100)) : 100;
          const done =
            totalLines != null
              ? `${p.records.toLocaleString('en-US')} / ${totalLines.toLocaleString('en-US')} lines`
              : `${p.records.toLocaleString('en-US')} records`;
          const line = `  ${path.basename(file)}: ${done} done (${pct}% of ${(p.bytesTotal / 1e6).toFixed(1)} MB) · ${fmtRate(p.records, p.elapsedMs)} records/s`;
          if (tty) process.stderr.write(`\r${line}\x1b[K`);
          else console.error(line);
        },
      });
      if (tty) process.stderr.write('\r\x1b[K');
      outcomes.push(report);
      const seconds =
        report.finishedAt && report.startedAt
          ? (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000
          : 0;
      // A 0-byte file has no format to name: say what it is.
      const label = report.format ?? (statSync(file).size === 0 ? 'empty file' : 'unknown format');
      console.log(
        `${report.status === 'SUCCEEDED' ? '✔' : report.status === 'PARTIAL' ? '◐' : '✖'} ${file} [${label}] ${report.status.toLowerCase()} in ${seconds.toFixed(1)}s: ` +
          `${report.recordsTotal} records · ${report.importedCount} imported · ${report.presentCount} already present · ${report.conflictCount} conflicts · ${report.failedCount} failed` +
          (report.warningCount ? ` · ${report.warningCount} warning${report.warningCount === 1 ? '' : 's'}` : '') +
          (report.notStarted ? ` · ${report.notStarted} never started` : ''),
      );
      if (report.error) console.log(`    ${report.error}`);
      if (report.models.length)
        console.log(
          `    models: ${report.models.map((m) => `${runLabel(m)} (${m.runs} runs, ${m.passed} passed)`).join(' · ')}`,
        );
      if (report.failedWithoutFailedCheckpoint)
        console.log(`    ${failedWithoutCheckpointNote(report.failedWithoutFailedCheckpoint)}`);
      if (report.notStarted) console.log(`    ${notStartedNote(report.notStarted)}`);
      for (const e of report.errors.slice(0, 20)) {
        const where = e.line != null ? `line ${e.line}` : e.recordIndex != null ? `record ${e.recordIndex}` : 'file';
        console.log(
          `    ${e.kind === 'CONFLICT' ? 'conflict' : e.kind === 'WARNING' ? 'warning' : 'error'} at ${where}${e.path ? ` (${e.path})` : ''}: ${e.reason}`,
        );
      }
      if (report.errorCount > 20)
        console.log(`    … ${report.errorCount - 20} more: see Imports → ${report.id} in the console`);
    }
    if (files.length > 1) {
      console.log(`\n${totalsLine(outcomes)}`);
    }
  } finally {
    await disconnectDatabase();
    await db.stop();
  }
  process.exit(importExitCode(outcomes));
}

void main();
