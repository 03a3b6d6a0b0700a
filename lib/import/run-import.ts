import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { ImportErrorKind, ImportSource, ImportStatus, Prisma } from '@prisma/client';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { AppError } from '@/lib/errors';
import { ADAPTERS, FOLDER_ADAPTERS } from './adapters';
import { detectFormat, HEAD_BYTES, readHead, whyUndetected } from './adapters/detect';
import { FORMAT_LABELS, type ImportFormat, type SourceItem } from './adapters/types';
import { getImportReport, type ImportReport } from './import-jobs';
import { holdImportLock } from './import-lock';
import { importCheckpointLine, type LineOutcome } from './import-checkpoint-line';
import { detectFolderFormat, prepareInput, type PreparedInput } from './import-input';
import { cutLargeContent } from './cut-large-content';
import { validateRecord } from './validate-record';
import { pgStore, withPgTransaction } from './pg-store';
import { TaskCache, writeRecordsWith, type WriteOutcome } from './write-record';
import type { NativeRecord } from './native-schema';

export type ImportProgress = { records: number; bytesRead: number; bytesTotal: number; elapsedMs: number };

export type ImportFileOptions = {
  /** The caller; `{ cli: true }` is the local command line, which has the database already. */
  by: { actor: Actor } | { cli: true };
  source: ImportSource;
  filePath: string;
  /** The name shown in reports (the upload's original name); defaults to the file's base name. */
  fileName?: string;
  format?: ImportFormat;
  model?: string;
  domain?: string;
  /** TheAgentCompany: the agent's name (else from the folder name) and the tasks folder (task.md, checkpoints.md). */
  agent?: string;
  tasksDir?: string;
  onProgress?: (p: ImportProgress) => void;
};

// A batch is one transaction: big enough to amortise round trips, small enough to keep memory flat.
const BATCH_RECORDS = 200;
const BATCH_EVENTS = 20_000;
// A file of pure garbage should not write millions of error rows; the counts stay exact.
const MAX_STORED_ERRORS = 5_000;

type PendingRecord = { record: NativeRecord; line?: number; recordIndex?: number };
type ErrorRow = Prisma.ImportErrorCreateManyInput;

/**
 * Imports one file through the one import path (CLI, upload and API all come
 * here): detects or takes the format, streams it through the adapter,
 * validates every record with the native zod schema, writes good records in
 * batched transactions, and records the ImportJob with a located error for
 * every bad or conflicting record. A batch that fails in the database is
 * retried record by record, so one bad record never loses the others, and each
 * trajectory is written whole or not at all.
 */
export async function importFile(opts: ImportFileOptions): Promise<ImportReport> {
  if ('actor' in opts.by) requirePermission(opts.by.actor, 'import:run');
  const fileName = opts.fileName ?? path.basename(opts.filePath);
  // A folder, or an archive unpacked into the import's own temporary folder (removed below, also on failure).
  const input = await prepareInput(opts.filePath, fileName);
  try {
    const format = await formatOf(opts, input);
    const job = await prisma.importJob.create({
      data: {
        status: 'QUEUED',
        format: format ?? null,
        source: opts.source,
        fileName,
        createdById: 'actor' in opts.by ? opts.by.actor.userId : null,
      },
    });
    // Held until the job's final state is written: if this process dies, the lock goes and readers see "interrupted".
    const lock = await holdImportLock(job.id);
    try {
      await prisma.importJob.update({ where: { id: job.id }, data: { status: 'RUNNING', startedAt: new Date() } });
      return await runJob(opts, job.id, fileName, format, input);
    } finally {
      await lock.release();
    }
  } finally {
    await input.cleanup();
  }
}

async function formatOf(opts: ImportFileOptions, input: PreparedInput): Promise<ImportFormat | null> {
  if (input.kind === 'failed' || input.bytesTotal === 0) return opts.format ?? null;
  if (input.kind === 'folder') return opts.format ?? detectFolderFormat(input.folder);
  return opts.format ?? detectFormat(await readHead(input.filePath), input.fileName);
}

async function runJob(
  opts: ImportFileOptions,
  jobId: string,
  fileName: string,
  format: ImportFormat | null,
  input: PreparedInput,
): Promise<ImportReport> {
  const job = { id: jobId };
  const bytesTotal = input.bytesTotal;
  // The final state and its audit entry commit together.
  const finishJob = (data: Prisma.ImportJobUpdateInput & { status: ImportStatus }) =>
    prisma.$transaction(async (tx) => {
      await tx.importJob.update({ where: { id: job.id }, data: { ...data, finishedAt: new Date() } });
      await recordAudit(tx, {
        actorId: 'actor' in opts.by ? opts.by.actor.userId : null,
        action: 'import.finish',
        entityType: 'ImportJob',
        entityId: job.id,
        after: { fileName, format, ...data },
      });
    });
  if (input.kind === 'failed') {
    await finishJob({ status: 'FAILED', error: input.reason });
    return getImportReport(job.id);
  }
  if (bytesTotal === 0) {
    await finishJob({ status: 'FAILED', error: `${fileName} is empty (0 bytes): there is nothing to import.` });
    return getImportReport(job.id);
  }
  if (input.kind === 'folder' && (!format || !FOLDER_ADAPTERS[format])) {
    await finishJob({
      status: 'FAILED',
      error: `${fileName} is a folder of ${input.folder.files.length} files${format ? ` and ${FORMAT_LABELS[format]} is read one file at a time` : ' in no folder format the console reads'}${/\.zip$/i.test(fileName) ? ' (it is a zip archive, but not an Inspect .eval log either)' : ''}: import its files themselves, or name its format (${Object.entries(
        FORMAT_LABELS,
      )
        .map(([k, v]) => `${k} = ${v}`)
        .join('; ')}) with --format on the command line, the Format menu of the Imports page, or ?format= in the API.`,
    });
    return getImportReport(job.id);
  }
  const filePath = input.kind === 'file' ? input.filePath : '';
  const empty = input.kind === 'file' ? await emptyJsonList(filePath, bytesTotal) : null;
  if (empty) {
    await finishJob({
      status: 'FAILED',
      error: `${fileName} holds 0 records: it is an empty JSON list (${empty}), so there is nothing to import.`,
    });
    return getImportReport(job.id);
  }
  if (!format) {
    const why = whyUndetected(await readHead(filePath), bytesTotal <= HEAD_BYTES);
    await finishJob({
      status: 'FAILED',
      error: `Cannot tell the format of ${fileName}: ${why}. If it is one, name it (${Object.entries(FORMAT_LABELS)
        .map(([k, v]) => `${k} = ${v}`)
        .join('; ')}) with --format on the command line, the Format menu of the Imports page, or ?format= in the API.`,
    });
    return getImportReport(job.id);
  }

  const counts = { recordsTotal: 0, importedCount: 0, presentCount: 0, conflictCount: 0, failedCount: 0 };
  const errors: ErrorRow[] = [];
  let storedErrors = 0;
  const cache = new TaskCache();
  const started = Date.now();
  let bytesRead = 0;
  let batch: PendingRecord[] = [];
  let batchEvents = 0;
  // Items read since the last flush, good or bad: a long run of bad lines still writes counts (live progress, no "stalled" job).
  let sinceFlush = 0;
  // Set when the adapter says the whole file cannot be imported: the job's one error message.
  let fatal: string | null = null;

  const addError = (
    kind: ImportErrorKind,
    at: { line?: number; recordIndex?: number },
    p: string | undefined,
    reason: string,
  ) => {
    if (storedErrors >= MAX_STORED_ERRORS) return;
    storedErrors++;
    errors.push({
      importJobId: job.id,
      kind,
      file: fileName,
      line: at.line ?? null,
      recordIndex: at.recordIndex ?? null,
      path: p || null,
      reason,
    });
  };

  const tally = (item: PendingRecord, outcome: WriteOutcome) => {
    if (outcome.status === 'imported') counts.importedCount++;
    else if (outcome.status === 'present') counts.presentCount++;
    else {
      counts.conflictCount++;
      addError('CONFLICT', item, outcome.path, outcome.reason);
    }
  };

  const actorId = 'actor' in opts.by ? opts.by.actor.userId : null;
  const tallyLine = (at: { line?: number; recordIndex?: number }, outcome: LineOutcome) => {
    if (!('issues' in outcome)) {
      if (outcome.status === 'imported') counts.importedCount++;
      else counts.presentCount++;
      return;
    }
    const kind = outcome.status === 'conflict' ? 'CONFLICT' : 'INVALID';
    if (kind === 'CONFLICT') counts.conflictCount++;
    else counts.failedCount++;
    for (const issue of outcome.issues) addError(kind, at, issue.path, issue.reason);
  };

  const flush = async () => {
    const items = batch;
    batch = [];
    batchEvents = 0;
    sinceFlush = 0;
    if (items.length) {
      try {
        const outcomes = await withPgTransaction((c) =>
          writeRecordsWith(
            pgStore(c),
            items.map((i) => i.record),
            { importJobId: job.id, cache },
          ),
        );
        cache.commit();
        outcomes.forEach((o, i) => tally(items[i], o));
      } catch {
        cache.rollback();
        // Isolate the record the database refused; every other one is still written.
        for (const item of items) {
          for (let attempt = 1; ; attempt++) {
            try {
              const [outcome] = await withPgTransaction((c) =>
                writeRecordsWith(pgStore(c), [item.record], { importJobId: job.id, cache }),
              );
              cache.commit();
              tally(item, outcome);
            } catch (err) {
              cache.rollback();
              // A concurrent import committed the same task or trajectory first (or a deadlock
              // picked us): a fresh transaction now sees its row and reports present or conflict.
              if (attempt < MAX_RACE_RETRIES && lostRace(err)) continue;
              counts.failedCount++;
              addError(
                'INVALID',
                item,
                'trajectory',
                `the database refused this record: ${firstLine((err as Error).message)}`,
              );
            }
            break;
          }
        }
      }
    }
    const pendingErrors = errors.splice(0);
    await prisma.$transaction([
      ...(pendingErrors.length ? [prisma.importError.createMany({ data: pendingErrors })] : []),
      prisma.importJob.update({ where: { id: job.id }, data: counts }),
    ]);
    opts.onProgress?.({ records: counts.recordsTotal, bytesRead, bytesTotal, elapsedMs: Date.now() - started });
  };

  try {
    const adapterOpts = {
      fileName,
      model: opts.model,
      domain: opts.domain,
      agent: opts.agent,
      tasksDir: opts.tasksDir,
    };
    let items: AsyncIterable<SourceItem>;
    if (input.kind === 'folder') {
      items = FOLDER_ADAPTERS[format]!(input.folder, adapterOpts);
    } else {
      const stream = createReadStream(filePath);
      stream.on('data', (chunk) => (bytesRead += chunk.length));
      items = ADAPTERS[format](stream, { ...adapterOpts, fileName: input.fileName, filePath });
    }
    for await (const item of items) {
      if (item.kind === 'fatal') {
        fatal = item.reason;
        break;
      }
      if (item.kind === 'warning') {
        // About the file, not a record: reported, counted nowhere, fails nothing.
        addError('WARNING', item, item.path, item.reason);
        continue;
      }
      counts.recordsTotal++;
      sinceFlush++;
      if (item.kind === 'error') {
        counts.failedCount++;
        addError('INVALID', item, item.path, item.reason);
      } else if (format === 'checkpoints') {
        // Results for trajectories already imported: each line is attached on its own (no batch to write).
        tallyLine(item, await importCheckpointLine(item.record, actorId));
      } else {
        const checked = validateRecord(item.record);
        if (!checked.ok) {
          counts.failedCount++;
          for (const issue of checked.issues) addError('INVALID', item, issue.path, issue.reason);
        } else {
          // Imported despite a data-quality problem: the trajectory carries it too (DATA_QUALITY_KEY in its metadata).
          for (const w of item.warnings ?? []) addError('WARNING', item, w.path, w.reason);
          batch.push({ record: cutLargeContent(checked.record), line: item.line, recordIndex: item.recordIndex });
          batchEvents += checked.record.events.length;
        }
      }
      if (sinceFlush >= BATCH_RECORDS || batchEvents >= BATCH_EVENTS) await flush();
    }
    if (input.kind === 'folder') bytesRead = bytesTotal;
    await flush();
    const ok = counts.importedCount + counts.presentCount;
    const status: ImportStatus = fatal
      ? 'FAILED'
      : counts.failedCount + counts.conflictCount === 0
        ? 'SUCCEEDED'
        : ok > 0
          ? 'PARTIAL'
          : 'FAILED';
    const hint =
      (counts.failedCount || fatal) && input.kind === 'file' ? await namedFormatHint(opts, format, input) : null;
    const error = [fatal, hint].filter(Boolean).join(' ');
    await finishJob({ ...counts, status, ...(error ? { error } : {}) });
  } catch (err) {
    await finishJob({ ...counts, status: 'FAILED', error: `Import stopped: ${firstLine((err as Error).message)}` });
  }
  return getImportReport(job.id);
}

/**
 * When records failed under a format the caller named and the file looks like
 * another one, say so: the records' own errors ("expected \"trajectory.v1\"")
 * do not tell that the whole file was read as the wrong format.
 */
async function namedFormatHint(
  opts: ImportFileOptions,
  format: ImportFormat,
  input: { filePath: string; fileName: string },
): Promise<string | null> {
  if (!opts.format) return null;
  const detected = detectFormat(await readHead(input.filePath), input.fileName);
  if (!detected || detected === format) return null;
  return `The file was read as ${FORMAT_LABELS[format]}, as asked, but it looks like ${FORMAT_LABELS[detected]}: import it with the format "${detected}", or leave the format to be detected.`;
}

/** `[]` (whitespace allowed) as the whole file: a list with no records, whatever format it was meant to be. */
async function emptyJsonList(filePath: string, bytesTotal: number): Promise<string | null> {
  if (bytesTotal > 1024) return null;
  const text = (await readHead(filePath, 1024)).replace(/^\uFEFF/, '').trim();
  return /^\[\s*\]$/.test(text) ? text : null;
}

const MAX_RACE_RETRIES = 5;
const RACE_CONSTRAINTS = new Set(['Task_benchmark_externalId_key', 'Trajectory_externalId_key']);

/** A unique-key clash on a task or trajectory identity, or a deadlock: what two overlapping imports cause. */
function lostRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === '40P01' || (e?.code === '23505' && RACE_CONSTRAINTS.has(e.constraint ?? ''));
}

function firstLine(message: string): string {
  const line = message.trim().split('\n').filter(Boolean).at(-1) ?? message;
  return line.length > 500 ? `${line.slice(0, 500)}…` : line;
}

export function assertFormat(value: string | null | undefined): ImportFormat | undefined {
  if (!value) return undefined;
  if (value in FORMAT_LABELS) return value as ImportFormat;
  throw new AppError('VALIDATION', `Unknown format "${value}": use one of ${Object.keys(FORMAT_LABELS).join(', ')}`, [
    { path: 'format', message: 'unknown format' },
  ]);
}
