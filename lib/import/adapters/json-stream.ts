import { Transform, type Readable } from 'node:stream';
import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import type { SourceItem } from './types';

/** A value from a large JSON document: `key` is the top-level key ('' for a top-level array). */
export type JsonPiece = { key: string; index?: number; value: unknown };

type Token = { name: string; value?: unknown };
const OPEN = new Set(['startObject', 'startArray']);
const CLOSE = new Set(['endObject', 'endArray']);

/** An element of the document: `key` of the top-level object ('' for a top-level array) and its index in that array. */
type Place = { key: string; index?: number };

/** Where the parser gave up: bytes and line read by then, whether the file had ended, and the element it was in. */
export type JsonBreak = { bytes: number; line: number; atEnd: boolean; inside: Place | null };

/**
 * A parse error with where it happened. The parser itself reports no position,
 * so this counts what it was fed: at the end of a truncated file that is exact;
 * for a syntax error mid-file it is the last chunk read (the break is at or before it).
 */
export class JsonBreakError extends Error {
  constructor(
    message: string,
    readonly at: JsonBreak,
  ) {
    super(message);
    this.name = 'JsonBreakError';
  }
}

/** Counts bytes and lines on their way to the parser. */
function positionCounter() {
  const seen = { bytes: 0, newlines: 0, lastByte: 10, ended: false };
  const stream = new Transform({
    transform(chunk: Buffer | string, _enc, done) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      seen.bytes += buf.length;
      for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) seen.newlines++;
      if (buf.length) seen.lastByte = buf[buf.length - 1];
      done(null, chunk);
    },
    flush(done) {
      seen.ended = true;
      done();
    },
  });
  // The line of the last byte read (a final newline does not start a line of its own).
  const line = () => seen.newlines + (seen.lastByte === 10 && seen.bytes > 0 ? 0 : 1);
  return { stream, seen, line };
}

/**
 * Streams a big JSON document with flat memory: each element of the top-level
 * array, or of the arrays under `arrayKeys` of a top-level object, is
 * assembled and yielded on its own; values under `wholeKeys` are yielded
 * whole; everything else is skipped token by token. A parse error (e.g. a
 * truncated file) is thrown as a JsonBreakError after every complete element
 * before it was yielded, so the caller keeps the good part and can say where it broke.
 */
export async function* streamJsonPieces(
  input: Readable,
  opts: { arrayKeys: string[]; wholeKeys: string[] },
): AsyncGenerator<JsonPiece> {
  const counter = positionCounter();
  const tokens = input.pipe(counter.stream).pipe(parser.asStream({ packValues: true, streamValues: false }));
  input.on('error', (err) => tokens.destroy(err));
  // The element being assembled when the parser broke.
  let inside: Place | null = null;
  try {
    yield* pieces(tokens as AsyncIterable<Token>, opts, (at) => (inside = at));
  } catch (err) {
    // A read error (the file went away) is not the JSON's fault: passed on as it is.
    if (input.errored) throw err;
    throw new JsonBreakError((err as Error).message, {
      bytes: counter.seen.bytes,
      line: counter.line(),
      atEnd: counter.seen.ended,
      inside,
    });
  }
}

async function* pieces(
  tokens: AsyncIterable<Token>,
  opts: { arrayKeys: string[]; wholeKeys: string[] },
  track: (at: Place | null) => void,
): AsyncGenerator<JsonPiece> {
  let depth = 0;
  let rootIsArray = false;
  let key = '';
  let index = -1;
  let asm: InstanceType<typeof Assembler> | null = null;
  let asmDepth = 0;
  let target: Place | null = null;

  for await (const token of tokens) {
    if (depth === 0 && OPEN.has(token.name)) rootIsArray = token.name === 'startArray';
    const inArray = rootIsArray ? depth === 1 : depth === 2 && opts.arrayKeys.includes(key);
    const inWhole = !rootIsArray && depth === 1 && opts.wholeKeys.includes(key);

    if (!asm && (inArray || inWhole) && token.name !== 'keyValue' && !CLOSE.has(token.name)) {
      asm = new Assembler();
      asmDepth = 0;
      target = inArray ? { key: rootIsArray ? '' : key, index: ++index } : { key };
      track(target);
    }
    if (asm) {
      asm.consume(token as never);
      if (OPEN.has(token.name)) asmDepth++;
      else if (CLOSE.has(token.name)) asmDepth--;
      if (asmDepth === 0) {
        track(null);
        yield { ...target!, value: asm.current };
        asm = null;
      }
    }
    if (OPEN.has(token.name)) {
      depth++;
      if (!rootIsArray && depth === 2) index = -1;
    } else if (CLOSE.has(token.name)) depth--;
    else if (token.name === 'keyValue' && depth === 1) key = String(token.value);
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
