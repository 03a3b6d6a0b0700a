import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Migration scripts are split at the semicolons that end statements
// (lib/db/split-sql-script.ts), so SQL in prisma/ is written as plain SQL:
// function bodies dollar-quoted, never as E'' or U&'' strings with escaped semicolons.
function sqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sqlFiles(full);
    return entry.name.endsWith('.sql') ? [full] : [];
  });
}

const ESCAPED_SEMICOLON = /\\073|\\003B|\\x3B/i;
const QUOTED_BODY = /\bAS\s+(E|U&)'/i;

describe('SQL under prisma/', () => {
  const files = sqlFiles('prisma');

  it('finds the migrations and the function files', () => {
    expect(files.some((f) => f.startsWith(path.join('prisma', 'migrations')))).toBe(true);
    expect(files.some((f) => f.startsWith(path.join('prisma', 'sql')))).toBe(true);
  });

  it('writes no semicolon as an escape and no function body as an escaped string', () => {
    const offending = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
        .filter(({ line }) => ESCAPED_SEMICOLON.test(line) || QUOTED_BODY.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
