/**
 * The import command takes folders: a TheAgentCompany folder is one input
 * (its runs read together, with the tasks folder beside them), and a walk
 * picks up gzipped files as well as .json/.jsonl.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { IMPORT_EXIT } from '../../../scripts/lib/import-cli';
import { tacFiles, writeTacFolder } from '../../helpers/tac-fixture';
import { runScript } from '../../helpers/run-script';

const runImport = (args: string[]) => runScript('scripts/import.ts', args);

describe('the import command with folders', () => {
  it(
    'imports a TheAgentCompany folder as one input and a .json.gz found by the walk',
    { timeout: 120_000 },
    async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), 'import-cli-folders-'));
      writeTacFolder(path.join(root, 'experiments'), tacFiles('-cli'));
      mkdirSync(path.join(root, 'openhands'));
      const events = [
        { id: 0, source: 'user', action: 'message', args: { content: 'hello' } },
        { id: 1, source: 'agent', action: 'finish', args: {}, message: 'bye' },
      ];
      writeFileSync(path.join(root, 'openhands', 'traj_cli.json.gz'), gzipSync(JSON.stringify(events)));
      const run = await runImport([root, '--model', 'cli-model']);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toMatch(/✔ .*experiments \[theagentcompany\] succeeded .*: 6 records · 6 imported/);
      expect(run.stdout).toMatch(/✔ .*traj_cli\.json\.gz \[openhands\] succeeded .*: 1 records · 1 imported/);
      expect(run.code).toBe(IMPORT_EXIT.OK);
    },
  );
});
