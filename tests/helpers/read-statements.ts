import { vi } from 'vitest';
import { readSql } from '@/lib/db/sql';

/** The text of every statement `run` sends through the read pool (queryRows), in order. */
export async function readStatements(run: () => Promise<unknown>): Promise<string[]> {
  const unsafe = vi.spyOn(readSql(), 'unsafe');
  try {
    await run();
    return unsafe.mock.calls.map(([text]) => text);
  } finally {
    unsafe.mockRestore();
  }
}

/** The `$n` parameters of a statement, and how many of them are `(SELECT $n::text)` (unplannedText). */
export function parameterCounts(text: string): { parameters: number; unplanned: number } {
  return {
    parameters: [...text.matchAll(/\$\d+/g)].length,
    unplanned: [...text.matchAll(/\(SELECT \$\d+::text\)/g)].length,
  };
}
