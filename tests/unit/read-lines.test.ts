import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineReader } from '@/lib/import/adapters/read-lines';

async function linesOf(chunks: (string | Buffer)[]) {
  const reader = lineReader(Readable.from(chunks, { objectMode: false }));
  const out: string[] = [];
  for await (const line of reader.lines) out.push(line);
  return { out, endsWithNewline: reader.endsWithNewline() };
}

describe('JSONL lines', () => {
  it('ends lines at \\n, \\r\\n and a lone \\r however the bytes are chunked, multi-byte characters whole', async () => {
    const text = 'a1 ✓\nb2\r\nc3\rd4 é\n\ne5';
    const bytes = Buffer.from(text);
    for (let size = 1; size <= bytes.length; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await linesOf(chunks)).toEqual({ out: ['a1 ✓', 'b2', 'c3', 'd4 é', '', 'e5'], endsWithNewline: false });
    }
    expect(await linesOf(['x\n', 'y\r\n'])).toEqual({ out: ['x', 'y'], endsWithNewline: true });
  });

  it('reads the input only as fast as lines are taken (readline read 1,024 lines ahead)', async () => {
    let pulled = 0;
    const input = Readable.from(
      (function* () {
        for (let i = 0; i < 5000; i++) {
          pulled++;
          yield Buffer.from(`{"n": ${i}}\n`);
        }
      })(),
      { objectMode: false },
    );
    const { lines } = lineReader(input);
    expect((await lines.next()).value).toBe('{"n": 0}');
    await new Promise((r) => setTimeout(r, 50));
    expect(pulled).toBeLessThan(100);
    await lines.return(undefined);
  });
});
