import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * The lines of a JSONL input, read only as fast as they are taken: the next
 * chunk is read when the caller asks for a line past the last one, so memory
 * is one chunk and one line whatever the file's size. (readline's iterator
 * reads ahead up to 1,024 lines before it pauses its input: with records of a
 * few hundred KB that is hundreds of MB.) Lines end at "\n", "\r\n" or a lone
 * "\r", as readline ends them, so line numbers are the ones an editor shows.
 * `endsWithNewline` is known once the lines are done: a last line without one
 * is a hint that the file was cut off.
 */
export function lineReader(input: Readable): { lines: AsyncGenerator<string>; endsWithNewline: () => boolean } {
  let last = '\n';
  async function* lines(): AsyncGenerator<string> {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    // A "\r" at a chunk's end may be the first half of "\r\n": the "\n" that follows ends no further line.
    let skipNewline = false;
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      if (!text) continue;
      last = text[text.length - 1];
      if (skipNewline && text[0] === '\n') text = text.slice(1);
      skipNewline = false;
      text = rest + text;
      let start = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        yield text.slice(start, i);
        if (c === 13) {
          if (i + 1 === text.length) skipNewline = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    if (rest) yield rest;
  }
  return { lines: lines(), endsWithNewline: () => last === '\n' || last === '\r' };
}
