import { parseArgs } from 'node:util';
import type { ImportStatus } from '@prisma/client';

/**
 * The import command's arguments, exit code and totals, apart from the
 * database so they can be tested without one (scripts/import.ts runs them).
 */
export const IMPORT_USAGE =
  'Usage: npm run import -- <file|folder|archive> [more…] [--format native|tau2|tau1|theagentcompany|openhands|inspect|atif|langfuse|checkpoints] [--model NAME] [--domain NAME] [--agent NAME] [--tasks DIR]';

/**
 * Exit codes, for scripts and CI (documented in docs/importing.md):
 * 0 every record imported or already present (warnings allowed); 1 the
 * command could not run (bad option, missing file, no database); 2 it ran but
 * not everything got in: a record failed or conflicted, or a whole file failed.
 */
export const IMPORT_EXIT = { OK: 0, USAGE: 1, NOT_ALL_IMPORTED: 2 } as const;

const OPTIONS = {
  format: { type: 'string' },
  model: { type: 'string' },
  domain: { type: 'string' },
  agent: { type: 'string' },
  tasks: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type ImportCliArgs = {
  inputs: string[];
  format?: string;
  model?: string;
  domain?: string;
  agent?: string;
  tasks?: string;
  help: boolean;
};

/** The arguments, or one line saying which option is wrong (never Node's ERR_PARSE_ARGS stack trace). */
export function parseImportArgs(argv: string[]): { ok: true; args: ImportCliArgs } | { ok: false; message: string } {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
    return {
      ok: true,
      args: {
        inputs: positionals,
        format: values.format,
        model: values.model,
        domain: values.domain,
        agent: values.agent,
        tasks: values.tasks,
        help: Boolean(values.help),
      },
    };
  } catch (err) {
    return { ok: false, message: argumentProblem(err as Error & { code?: string }) };
  }
}

function argumentProblem(err: Error & { code?: string }): string {
  const named = /'(-{1,2}[^' <]+)/.exec(err.message)?.[1];
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && named) {
    const near = closestOption(named.replace(/^-+/, ''));
    return `Unknown option ${named}${near ? ` (did you mean --${near}?)` : ''}`;
  }
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && named)
    return `${named} needs a value (e.g. ${named} NAME; a value starting with "-" is written ${named}=-NAME)`;
  return err.message.split('\n')[0];
}

/** A known option within two edits of a mistyped one (`--modle` → model: two letters swapped are two edits). */
function closestOption(typed: string): string | undefined {
  const scored = Object.keys(OPTIONS)
    .map((o) => ({ o, d: editDistance(typed, o) }))
    .sort((a, b) => a.d - b.d);
  return scored[0] && scored[0].d <= 2 ? scored[0].o : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

export type FileOutcome = {
  status: ImportStatus;
  importedCount: number;
  presentCount: number;
  conflictCount: number;
  failedCount: number;
};

/** A file got in whole: every record imported or already present. */
const wholeIn = (r: FileOutcome) => r.status === 'SUCCEEDED' && r.failedCount === 0 && r.conflictCount === 0;

export function importExitCode(outcomes: FileOutcome[]): number {
  return outcomes.every(wholeIn) ? IMPORT_EXIT.OK : IMPORT_EXIT.NOT_ALL_IMPORTED;
}

/**
 * The closing line over every file. A file that failed as a whole (not a
 * trajectory file, nothing names its model) has no failed records, so files
 * are counted by outcome too: "0 failed" must not hide it.
 */
export function totalsLine(outcomes: FileOutcome[]): string {
  const sum = (k: 'importedCount' | 'presentCount' | 'conflictCount' | 'failedCount') =>
    outcomes.reduce((n, r) => n + r[k], 0);
  const filesFailed = outcomes.filter((r) => r.status === 'FAILED' || r.status === 'INTERRUPTED').length;
  const filesPartial = outcomes.filter((r) => r.status === 'PARTIAL').length;
  const files = [
    `${outcomes.length} file${outcomes.length === 1 ? '' : 's'}`,
    filesPartial ? `${filesPartial} partly imported` : '',
    filesFailed ? `${filesFailed} failed` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `Total: ${files} · ${sum('importedCount')} imported · ${sum('presentCount')} already present · ${sum('conflictCount')} conflicts · ${sum('failedCount')} failed records`;
}
