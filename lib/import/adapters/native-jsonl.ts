import { lineReader } from './read-lines';
import type { Adapter } from './types';

/**
 * Native JSONL: one `trajectory.v1` record per line, streamed line by line so
 * a 1 GB file imports with flat memory. Blank lines are skipped; a line that is
 * not JSON is reported with its number (the last line of a cut-off file gets a
 * "truncated" hint) and the next line is read as usual.
 */
export const nativeJsonlAdapter: Adapter = async function* (input) {
  const reader = lineReader(input);
  let line = 0;
  let pendingError: { line: number; message: string } | null = null;
  for await (const text of reader.lines) {
    line++;
    if (pendingError) {
      yield { kind: 'error', line: pendingError.line, path: '', reason: `malformed JSON: ${pendingError.message}` };
      pendingError = null;
    }
    const trimmed = text.trim();
    if (!trimmed) continue;
    try {
      yield { kind: 'record', line, record: JSON.parse(line === 1 ? trimmed.replace(/^\uFEFF/, '') : trimmed) };
    } catch (err) {
      // Held back one line: only after the stream ends do we know whether this was a cut-off last line.
      pendingError = { line, message: (err as Error).message };
    }
  }
  if (pendingError) {
    const hint = reader.endsWithNewline() ? '' : ' (the last line has no newline: the file looks truncated)';
    yield {
      kind: 'error',
      line: pendingError.line,
      path: '',
      reason: `malformed JSON: ${pendingError.message}${hint}`,
    };
  }
};
