import type { Readable } from 'node:stream';
import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';

/** A value from a large JSON document: `key` is the top-level key ('' for a top-level array). */
export type JsonPiece = { key: string; index?: number; value: unknown };

type Token = { name: string; value?: unknown };
const OPEN = new Set(['startObject', 'startArray']);
const CLOSE = new Set(['endObject', 'endArray']);

/**
 * Streams a big JSON document with flat memory: each element of the top-level
 * array, or of the arrays under `arrayKeys` of a top-level object, is
 * assembled and yielded on its own; values under `wholeKeys` are yielded
 * whole; everything else is skipped token by token. A parse error (e.g. a
 * truncated file) is thrown after every complete element before it was
 * yielded, so the caller keeps the good part.
 */
export async function* streamJsonPieces(input: Readable, opts: { arrayKeys: string[]; wholeKeys: string[] }): AsyncGenerator<JsonPiece> {
  const tokens = input.pipe(parser.asStream({ packValues: true, streamValues: false }));
  input.on('error', (err) => tokens.destroy(err));
  let depth = 0;
  let rootIsArray = false;
  let key = '';
  let index = -1;
  let asm: InstanceType<typeof Assembler> | null = null;
  let asmDepth = 0;
  let target: { key: string; index?: number } | null = null;

  for await (const token of tokens as AsyncIterable<Token>) {
    if (depth === 0 && OPEN.has(token.name)) rootIsArray = token.name === 'startArray';
    const inArray = rootIsArray ? depth === 1 : depth === 2 && opts.arrayKeys.includes(key);
    const inWhole = !rootIsArray && depth === 1 && opts.wholeKeys.includes(key);

    if (!asm && (inArray || inWhole) && token.name !== 'keyValue' && !CLOSE.has(token.name)) {
      asm = new Assembler();
      asmDepth = 0;
      target = inArray ? { key: rootIsArray ? '' : key, index: ++index } : { key };
    }
    if (asm) {
      asm.consume(token as never);
      if (OPEN.has(token.name)) asmDepth++;
      else if (CLOSE.has(token.name)) asmDepth--;
      if (asmDepth === 0) {
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
