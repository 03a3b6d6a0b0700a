/**
 * A byte scanner for one large JSON document that finds where each record
 * starts and ends without building tokens: it follows strings, brackets and
 * the punctuation of the top level (and of the arrays whose elements are
 * records), hands each record's bytes to JSON.parse whole, and steps over
 * everything else. A token stream (stream-json) with an assembler per record
 * spent ten times the CPU of JSON.parse on the same bytes; memory here is one
 * record, whatever the file's size. Used by json-stream.ts.
 */

/** An element of the document: `key` of the top-level object ('' for a top-level array) and its index in that array. */
export type Place = { key: string; index?: number };

export type ScannedPiece = Place & { value: unknown };

/** A syntax error, with the exact byte (1-based count of bytes read) it was found at. */
export class JsonScanError extends Error {
  constructor(
    message: string,
    readonly bytes: number,
  ) {
    super(message);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

// What a level the scanner follows expects next. `first` is a value or the close right after the open.
type Phase = 'first' | 'key' | 'colon' | 'value' | 'comma';

export class JsonScanner {
  private readonly stack: number[] = [];
  private inString = false;
  private escaped = false;
  private inLiteral = false;
  private rootIsArray = false;
  private rootDone = false;
  /** Phases of the levels followed: the root (depth 1) and a record array under a key (depth 2). */
  private phase1: Phase = 'first';
  private phase2: Phase = 'first';
  private key = '';
  private keyParts: Buffer[] | null = null;
  private keyStart = 0;
  private arrayKey: string | null = null;
  private index = -1;
  private capture: { place: Place; depth: number; parts: Buffer[]; start: number } | null = null;
  private read = 0;
  /** The element being read, for an error's "inside". */
  inside: Place | null = null;

  constructor(private readonly opts: { arrayKeys: string[]; wholeKeys: string[] }) {}

  private fail(message: string, at: number): never {
    throw new JsonScanError(message, this.read + at + 1);
  }

  private followed(depth: number): boolean {
    return depth === 1 || (depth === 2 && this.arrayKey !== null);
  }

  private getPhase(depth: number): Phase {
    return depth === 1 ? this.phase1 : this.phase2;
  }

  private setPhase(depth: number, p: Phase): void {
    if (depth === 1) this.phase1 = p;
    else this.phase2 = p;
  }

  /** A value starts at a followed level: a record (captured), a value kept whole, or one stepped over. */
  private startValue(depth: number, chunk: Buffer, i: number): void {
    const b = chunk[i];
    let place: Place | null = null;
    if (this.rootIsArray && depth === 1) place = { key: '', index: ++this.index };
    else if (depth === 2) place = { key: this.arrayKey!, index: ++this.index };
    else if (this.opts.wholeKeys.includes(this.key)) place = { key: this.key };
    this.setPhase(depth, 'comma');
    if (!this.rootIsArray && depth === 1 && b === OPEN_ARRAY && this.opts.arrayKeys.includes(this.key)) {
      // A record array: its elements are the records, followed at depth 2.
      this.arrayKey = this.key;
      this.index = -1;
      this.phase2 = 'first';
      this.stack.push(b);
      return;
    }
    if (place) {
      this.capture = { place, depth, parts: [], start: i };
      this.inside = place;
    }
    if (b === OPEN_OBJECT || b === OPEN_ARRAY) this.stack.push(b);
    else if (b === QUOTE) this.inString = true;
    else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY || b === COMMA || b === COLON)
      this.fail(`unexpected "${String.fromCharCode(b)}" where a value was expected`, i);
    else this.inLiteral = true;
  }

  /** The captured value ends before `end` in `chunk`: parsed whole. */
  private endCapture(chunk: Buffer, end: number, out: ScannedPiece[]): void {
    const cap = this.capture!;
    cap.parts.push(chunk.subarray(cap.start, end));
    const text = cap.parts.length === 1 ? cap.parts[0].toString('utf8') : Buffer.concat(cap.parts).toString('utf8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      this.fail((err as Error).message, end - 1);
    }
    out.push({ ...cap.place, value });
    this.capture = null;
    this.inside = null;
  }

  /** Scans one chunk; returns the pieces completed in it. */
  push(chunk: Buffer): ScannedPiece[] {
    const out: ScannedPiece[] = [];
    const stack = this.stack;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.keyParts) {
            this.keyParts.push(chunk.subarray(this.keyStart, i + 1));
            this.key = JSON.parse(Buffer.concat(this.keyParts).toString('utf8')) as string;
            this.keyParts = null;
          } else if (this.capture && stack.length === this.capture.depth) this.endCapture(chunk, i + 1, out);
        }
        continue;
      }
      if (this.inLiteral) {
        if (!isSpace(b) && b !== COMMA && b !== CLOSE_ARRAY && b !== CLOSE_OBJECT) continue;
        this.inLiteral = false;
        if (this.capture && stack.length === this.capture.depth) this.endCapture(chunk, i, out);
      }
      if (isSpace(b)) continue;
      const depth = stack.length;
      if (depth === 0) {
        if (this.rootDone) this.fail('unexpected data after the end of the document', i);
        if (b !== OPEN_OBJECT && b !== OPEN_ARRAY) this.fail('the document is neither an object nor a list', i);
        this.rootIsArray = b === OPEN_ARRAY;
        this.phase1 = 'first';
        stack.push(b);
        continue;
      }
      if (!this.followed(depth)) {
        // Inside a value: only strings and brackets matter (JSON.parse checks a captured value's syntax).
        if (b === QUOTE) this.inString = true;
        else if (b === OPEN_OBJECT || b === OPEN_ARRAY) stack.push(b);
        else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) this.close(b, chunk, i, out);
        continue;
      }
      const phase = this.getPhase(depth);
      const inObject = stack[depth - 1] === OPEN_OBJECT;
      if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
        if (phase !== 'comma' && phase !== 'first') this.fail(`unexpected "${String.fromCharCode(b)}"`, i);
        this.close(b, chunk, i, out);
      } else if (b === COMMA) {
        if (phase !== 'comma') this.fail('unexpected ","', i);
        this.setPhase(depth, inObject ? 'key' : 'value');
      } else if (inObject && (phase === 'key' || phase === 'first')) {
        if (b !== QUOTE) this.fail('a key (a string) was expected', i);
        this.inString = true;
        this.keyParts = [];
        this.keyStart = i;
        this.setPhase(depth, 'colon');
      } else if (phase === 'colon') {
        if (b !== COLON) this.fail('":" was expected after a key', i);
        this.setPhase(depth, 'value');
      } else if (phase === 'value' || phase === 'first') this.startValue(depth, chunk, i);
      else
        this.fail(
          `unexpected "${String.fromCharCode(b)}": "," or the end of the ${inObject ? 'object' : 'list'} was expected`,
          i,
        );
    }
    if (this.capture) {
      this.capture.parts.push(chunk.subarray(this.capture.start));
      this.capture.start = 0;
    }
    if (this.keyParts) {
      this.keyParts.push(chunk.subarray(this.keyStart));
      this.keyStart = 0;
    }
    this.read += chunk.length;
    return out;
  }

  private close(b: number, chunk: Buffer, i: number, out: ScannedPiece[]): void {
    const open = this.stack.pop();
    if ((b === CLOSE_OBJECT) !== (open === OPEN_OBJECT)) this.fail(`unexpected "${String.fromCharCode(b)}"`, i);
    const depth = this.stack.length;
    if (this.capture && depth === this.capture.depth) this.endCapture(chunk, i + 1, out);
    if (depth === 1 && this.arrayKey !== null && !this.rootIsArray) this.arrayKey = null;
    if (depth === 0) this.rootDone = true;
  }

  /** At the end of the input: an error when the document is not complete. */
  end(): ScannedPiece[] {
    const out: ScannedPiece[] = [];
    if (this.inLiteral && this.capture && this.stack.length === this.capture.depth) {
      this.inLiteral = false;
      this.endCapture(Buffer.alloc(0), 0, out);
    }
    if (this.inString) this.fail('the file ends inside a string', -1);
    if (this.stack.length) this.fail('the file ends before the document does', -1);
    return out;
  }
}
