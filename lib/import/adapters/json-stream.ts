import type { Readable } from 'node:stream';
import { JsonScanError, JsonScanner, type Place } from './json-scan';
import type { SourceItem } from './types';

/** A value from a large JSON document: `key` is the top-level key ('' for a top-level array). */
export type JsonPiece = { key: string; index?: number; value: unknown };

/** Where the parser gave up: bytes and line read by then, whether the file had ended, and the element it was in. */
export type JsonBreak = { bytes: number; line: number; atEnd: boolean; inside: Place | null };

/** A parse error with where it happened: the byte the scanner stopped at, or the end of the record that did not parse. */
export class JsonBreakError extends Error {
  constructor(
    message: string,
    readonly at: JsonBreak,
  ) {
    super(message);
    this.name = 'JsonBreakError';
  }
}

/** Counts newlines up to a byte, for the line an error is on. */
function lineCounter() {
  let bytes = 0;
  let newlines = 0;
  let lastByte = 10;
  let ended = false;
  return {
    add(buf: Buffer) {
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) newlines++;
      bytes += buf.length;
      if (buf.length) lastByte = buf[buf.length - 1];
    },
    /** Bytes and line at byte `at` of the document (of the last chunk added, which holds it). */
    at(last: Buffer, at: number) {
      const cut = at - (bytes - last.length);
      let before = newlines;
      for (let i = last.indexOf(10, cut); i !== -1; i = last.indexOf(10, i + 1)) before--;
      const lastIn = cut > 0 ? last[cut - 1] : lastByte;
      // The line of the byte (a final newline does not start a line of its own).
      return { bytes: at, line: before + (lastIn === 10 && at > 0 ? 0 : 1), atEnd: ended };
    },
    end() {
      ended = true;
    },
  };
}

/**
 * Streams a big JSON document with flat memory: each element of the top-level
 * array, or of the arrays under `arrayKeys` of a top-level object, is
 * parsed and yielded on its own; values under `wholeKeys` are yielded
 * whole; everything else is stepped over (json-scan.ts). A syntax error (e.g.
 * a truncated file) is thrown as a JsonBreakError after every complete
 * element before it was yielded, so the caller keeps the good part and can say where it broke.
 */
export async function* streamJsonPieces(
  input: Readable,
  opts: { arrayKeys: string[]; wholeKeys: string[] },
): AsyncGenerator<JsonPiece> {
  const scanner = new JsonScanner(opts);
  const lines = lineCounter();
  let last: Buffer = Buffer.alloc(0);
  const broke = (err: unknown) => {
    if (!(err instanceof JsonScanError)) return err;
    return new JsonBreakError(err.message, { ...lines.at(last, err.bytes), inside: scanner.inside });
  };
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    last = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    lines.add(last);
    let pieces;
    try {
      pieces = scanner.push(last);
    } catch (err) {
      throw broke(err);
    }
    yield* pieces;
  }
  lines.end();
  try {
    yield* scanner.end();
  } catch (err) {
    throw broke(err);
  }
}

const n = (x: number) => x.toLocaleString('en-US');

/**
 * The error item for a document that broke off: where (byte, line, and the
 * record it broke in, which is not imported; every record before it is). The
 * records are the elements of the arrays under `recordKeys` ('' = a top-level array).
 */
export function brokenJsonItem(
  err: unknown,
  recordKeys: string[],
  what = 'the JSON is malformed or truncated',
): SourceItem & { kind: 'error' } {
  if (!(err instanceof JsonBreakError))
    return { kind: 'error', path: '', reason: `${what}: ${(err as Error).message}` };
  const { bytes, line, atEnd, inside } = err.at;
  const label = inside ? (inside.index == null ? inside.key : `${inside.key}[${inside.index}]`) : '';
  const record = inside?.index != null && recordKeys.includes(inside.key) ? inside.index : undefined;
  const where = `at or before byte ${n(bytes)} (line ${n(line)}${atEnd ? ', where the file ends' : ''})`;
  const within =
    record != null
      ? `, inside record ${record} (${label}), which is not imported`
      : label
        ? `, inside ${label}`
        : ', between records';
  return { kind: 'error', line, recordIndex: record, path: label, reason: `${what} ${where}${within}: ${err.message}` };
}

/**
 * A document read whole and parsed as one JSON value, for formats small enough to read at once;
 * what cannot be read or parsed becomes the file's error item (`what` starts its reason).
 */
export async function parseWholeJson(
  text: Promise<string>,
  what?: string,
): Promise<{ value: unknown } | { error: SourceItem }> {
  try {
    return { value: JSON.parse(await text) };
  } catch (err) {
    return { error: brokenJsonItem(err, [], what) };
  }
}
