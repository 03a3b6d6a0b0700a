/**
 * Where an upload waits on disk while it is imported: one folder per upload
 * under the system's temporary folder, named after the server process that
 * received it (`console-import-<pid>-…`). A server killed mid-import (kill -9,
 * an OOM kill, a power cut) cannot remove its folders; the next server to
 * start on the machine removes those whose process is gone, so a 120 MB upload
 * copy does not stay behind for good.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'console-import-';
/** Folders of the earlier naming (no process id) are removed once they are this old. */
const UNNAMED_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export function createSpoolFolder(root = os.tmpdir()): Promise<string> {
  return mkdtemp(path.join(root, `${PREFIX}${process.pid}-`));
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, run by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function olderThan(file: string, now: number): Promise<boolean> {
  const info = await stat(file).catch(() => null);
  return info !== null && now - info.mtimeMs > UNNAMED_MAX_AGE_MS;
}

/** Removes the spool folders left by servers that are no longer running; returns how many. */
export async function cleanAbandonedSpools(root = os.tmpdir(), now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const full = path.join(root, name);
    const pid = /^console-import-(\d+)-/.exec(name)?.[1];
    if (pid ? Number(pid) === process.pid || processAlive(Number(pid)) : !(await olderThan(full, now))) continue;
    await rm(full, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
