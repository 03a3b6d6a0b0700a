import { describe, expect, it } from 'vitest';
import { JsonScanError, JsonScanner, type ScannedPiece } from '@/lib/import/adapters/json-scan';

const OPTS = { arrayKeys: ['samples', 'tasks'], wholeKeys: ['eval', 'status'] };

/** Scans `text` cut into chunks of `size` bytes. */
function scan(text: string, size: number, opts = OPTS): ScannedPiece[] {
  const bytes = Buffer.from(text);
  const scanner = new JsonScanner(opts);
  const out: ScannedPiece[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(...scanner.push(bytes.subarray(i, i + size)));
  out.push(...scanner.end());
  return out;
}

function scanError(text: string, opts = OPTS): JsonScanError {
  try {
    scan(text, 7, opts);
  } catch (err) {
    return err as JsonScanError;
  }
  throw new Error('no error');
}

const doc = {
  version: 2,
  status: 'success',
  'we"ird\\key': { samples: [1, 2] },
  eval: { task: 'é ünïcode ✓', nested: [{ a: '}]"[{' }], n: -1.5e3 },
  results: { scores: [{ value: true }, null] },
  samples: [{ id: 's1', messages: ['a\\"b', { x: [] }] }, 'plain', 42, true, null, [], {}],
  tasks: [],
  tail: 'x',
};

describe('the JSON record scanner', () => {
  it('yields each record of the record arrays and each whole value, however the bytes are chunked', () => {
    const expected = [
      { key: 'status', value: 'success' },
      { key: 'eval', value: doc.eval },
      ...doc.samples.map((value, index) => ({ key: 'samples', index, value })),
    ];
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)])
      for (const size of [1, 2, 3, 5, 64, 1 << 20]) expect(scan(text, size)).toEqual(expected);
  });

  it('yields the elements of a top-level list', () => {
    const list = [{ a: 1 }, 'two', 3, [4], false];
    for (const size of [1, 4, 100])
      expect(scan(JSON.stringify(list), size)).toEqual(list.map((value, index) => ({ key: '', index, value })));
    expect(scan(' [ ] ', 1)).toEqual([]);
  });

  it('fails a truncated document, bad punctuation and a broken record, at the byte it found them', () => {
    expect(scanError('{"samples": [{"id": "s1"}, {"id": "s').message).toBe('the file ends inside a string');
    expect(scanError('{"samples": [{"id": 1}').message).toBe('the file ends before the document does');
    const trailing = scanError('{"samples": [1,]}');
    expect(trailing.message).toBe('unexpected "]"');
    expect(trailing.bytes).toBe(16);
    expect(scanError('{"a" 1}').message).toBe('":" was expected after a key');
    expect(scanError('{"a": 1 "b": 2}').message).toMatch(/"," or the end of the object was expected/);
    expect(scanError('{"a": 1} x').message).toBe('unexpected data after the end of the document');
    expect(scanError('{"samples": [{"id": tru}]}').message).toMatch(/JSON/);
    expect(scanError('{"a": [1}').message).toBe('unexpected "}"');
  });
});
