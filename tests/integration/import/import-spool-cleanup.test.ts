/**
 * An upload copy left by a server killed mid-import does not stay in the
 * temporary folder: the next server to start removes the folders of servers
 * that are gone, and never one of a server still running.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanAbandonedSpools, createSpoolFolder } from '@/lib/import/import-spool';

describe('the import spool', () => {
  it('removes the folders of servers that are gone and keeps those of running ones', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'spool-root-'));
    // A process that has exited: its pid is free (or reused, in which case the folder is kept: harmless).
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    const dead = path.join(root, `console-import-${gone}-abc123`);
    mkdirSync(dead);
    writeFileSync(path.join(dead, '0-upload.jsonl'), Buffer.alloc(1024 * 1024));
    const mine = await createSpoolFolder(root);
    const running = path.join(root, `console-import-1-def456`); // pid 1 always runs
    mkdirSync(running);
    const oldUnnamed = path.join(root, 'console-import-Xy12Ab');
    mkdirSync(oldUnnamed);
    const twoDaysAgo = (Date.now() - 2 * 24 * 3600_000) / 1000;
    utimesSync(oldUnnamed, twoDaysAgo, twoDaysAgo);
    const newUnnamed = path.join(root, 'console-import-Zz98Qq');
    mkdirSync(newUnnamed);
    const unrelated = path.join(root, 'someone-else');
    mkdirSync(unrelated);

    expect(path.basename(mine)).toMatch(new RegExp(`^console-import-${process.pid}-`));
    expect(await cleanAbandonedSpools(root)).toBe(2);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(oldUnnamed)).toBe(false);
    for (const kept of [mine, running, newUnnamed, unrelated]) expect(existsSync(kept), kept).toBe(true);
  });
});
