import { Readable } from 'node:stream';
import { ArchiveError } from '../archive/limits';
import { BoundedZip } from '../archive/zip-reader';
import { inspectSampleToNative, logStatusNote, type InspectLog } from './inspect-sample';
import { brokenJsonItem, streamJsonPieces } from './json-stream';
import { isObj, str, type Json } from './shared';
import type { Adapter, SourceItem } from './types';

/** A zip starts with a local file header ("PK\3\4"); an Inspect `.eval` log is one. */
export const ZIP_MAGIC = 'PK\u0003\u0004';

const logOf = (top: Json): InspectLog => ({
  eval: isObj(top.eval) ? top.eval : {},
  status: str(top.status) ?? null,
  error: top.error ?? null,
  plan: isObj(top.plan) ? top.plan : null,
});

function sampleItem(sample: unknown, log: InspectLog, index: number, at: string): SourceItem {
  if (!isObj(sample) || (typeof sample.id !== 'string' && typeof sample.id !== 'number'))
    return {
      kind: 'error',
      recordIndex: index,
      path: `${at}.id`,
      reason: 'an Inspect sample needs an "id" (string or number)',
    };
  if (!Array.isArray(sample.messages))
    return {
      kind: 'error',
      recordIndex: index,
      path: `${at}.messages`,
      reason: 'an Inspect sample needs its "messages" list',
    };
  const { record, warnings } = inspectSampleToNative(sample, log, at);
  return { kind: 'record', recordIndex: index, record, warnings };
}

function statusWarning(log: InspectLog): SourceItem[] {
  const note = logStatusNote(log);
  return note ? [{ kind: 'warning', path: 'status', reason: `${note}; its trajectories say so too` }] : [];
}

/**
 * A `.json` log: `{version, status, eval, plan, results, stats, error, samples[]}`,
 * streamed so a large log keeps memory flat. `eval` precedes `samples` in the
 * logs Inspect writes; samples read before it are held until it arrives.
 */
async function* jsonLog(input: Readable): AsyncGenerator<SourceItem> {
  const top: Json = {};
  const held: { value: unknown; index: number }[] = [];
  let count = 0;
  let warned = false;
  try {
    for await (const piece of streamJsonPieces(input, {
      arrayKeys: ['samples'],
      wholeKeys: ['version', 'status', 'eval', 'plan', 'error'],
    })) {
      if (piece.key !== 'samples') {
        top[piece.key] = piece.value;
        continue;
      }
      count++;
      if (!isObj(top.eval)) {
        held.push({ value: piece.value, index: piece.index! });
        continue;
      }
      if (!warned) yield* statusWarning(logOf(top));
      warned = true;
      yield* held.splice(0).map((h) => sampleItem(h.value, logOf(top), h.index, `samples[${h.index}]`));
      yield sampleItem(piece.value, logOf(top), piece.index!, `samples[${piece.index}]`);
    }
  } catch (err) {
    yield brokenJsonItem(err, ['samples'], `the JSON is malformed or truncated after ${count} samples`);
    return;
  }
  if (!isObj(top.eval)) {
    yield {
      kind: 'fatal',
      reason: 'This is not an Inspect log: it has no "eval" object (task, model). Nothing was imported.',
    };
    return;
  }
  if (!warned) yield* statusWarning(logOf(top));
  yield* held.map((h) => sampleItem(h.value, logOf(top), h.index, `samples[${h.index}]`));
  if (count === 0)
    yield {
      kind: 'warning',
      path: 'samples',
      reason: 'the log holds no samples (a header-only log): nothing to import',
    };
}

const parseEntry = (data: Buffer, name: string): { value?: unknown; error?: string } => {
  try {
    return { value: JSON.parse(data.toString('utf8')) };
  } catch (err) {
    return { error: `entry ${name} is not valid JSON: ${(err as Error).message}` };
  }
};

// The archive's own messages say "it was not imported" where they can.
const unreadable = (err: Error) =>
  `Cannot read this Inspect .eval log: ${err.message}${/imported\.$/.test(err.message) ? '' : ' Nothing was imported.'}`;

const SAMPLE_ENTRY = /^samples\/[^/]+\.json$/;

/**
 * A `.eval` log: a zip with `header.json` (written last, when the run ends),
 * `_journal/start.json` (written first: eval and plan) and one
 * `samples/<id>_epoch_<n>.json` per sample × epoch. Read through the one
 * bounded zip reader (lib/import/archive/zip-reader.ts, the archive limits),
 * never unpacked to disk: the header first from the zip's directory, then
 * one sample at a time, so memory holds one sample whatever the log's size.
 * A run that never finished has no header: its samples are imported with the
 * start journal's eval and the report says so.
 */
async function* evalLog(file: string, fileName: string): AsyncGenerator<SourceItem> {
  let zip: BoundedZip;
  try {
    zip = await BoundedZip.open(file, fileName);
  } catch (err) {
    yield { kind: 'fatal', reason: unreadable(err as Error) };
    return;
  }
  try {
    yield* evalEntries(zip);
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    yield { kind: 'fatal', reason: unreadable(err) };
  } finally {
    await zip.close();
  }
}

async function* evalEntries(zip: BoundedZip): AsyncGenerator<SourceItem> {
  const entry = (name: string) => zip.entries.find((e) => e.name === name);
  const items: SourceItem[] = [];
  let index = 0;
  const readTop = async (name: string): Promise<Json | null> => {
    const e = entry(name);
    if (!e) return null;
    const parsed = parseEntry(await zip.read(e), name);
    if (parsed.error) items.push({ kind: 'error', path: name, reason: parsed.error });
    return isObj(parsed.value) ? parsed.value : parsed.error ? null : {};
  };
  const header = await readTop('header.json');
  const start = await readTop('_journal/start.json');
  const top = header ?? start;
  if (!top || !isObj(top.eval)) {
    yield* items;
    yield {
      kind: 'fatal',
      reason:
        'This zip is not an Inspect .eval log: it has neither header.json nor _journal/start.json with an "eval" object. Nothing was imported.',
    };
    return;
  }
  const log = logOf(top);
  if (!header) {
    log.status = log.status ?? 'started';
    yield {
      kind: 'warning',
      path: 'header.json',
      reason: 'the log has no header.json: the run did not finish; its samples are imported as they stand',
    };
  } else yield* statusWarning(log);
  yield* items;
  const samples = zip.entries.filter((e) => SAMPLE_ENTRY.test(e.name));
  for (const e of samples) {
    const parsed = parseEntry(await zip.read(e), e.name);
    yield parsed.error
      ? { kind: 'error', recordIndex: index++, path: e.name, reason: parsed.error }
      : sampleItem(parsed.value, log, index++, e.name);
  }
  if (!samples.length)
    yield { kind: 'warning', path: 'samples/', reason: 'the log holds no samples: nothing to import' };
}

/** Inspect AI logs, `.json` or `.eval` (told apart by the zip signature, not the name). */
export const inspectAdapter: Adapter = async function* (input, opts) {
  const reader = input[Symbol.asyncIterator]();
  const first = await reader.next();
  if (first.done) return;
  const head = Buffer.from(first.value as Buffer);
  // The first chunk back in front of the rest, with the stream's own backpressure.
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (let r = await reader.next(); !r.done; r = await reader.next()) yield r.value as Buffer;
    })(),
    { objectMode: false },
  );
  try {
    if (head.subarray(0, 4).toString('latin1') !== ZIP_MAGIC) yield* jsonLog(rest);
    else if (opts.filePath) yield* evalLog(opts.filePath, opts.fileName);
    else yield { kind: 'fatal', reason: 'An Inspect .eval log is read from a file (its directory is at its end).' };
  } finally {
    // Stopped early (a fatal item, a limit): the file is closed, not left half-read.
    rest.destroy();
    await reader.return?.();
  }
};
