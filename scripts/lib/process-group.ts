import type { ChildProcess } from 'node:child_process';

/** Whether process `pid` (with `group`: process group `pid`) still exists; EPERM means it does, under another user. */
export function isAlive(pid: number, group = false): boolean {
  try {
    process.kill(group ? -pid : pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a child started with `detached: true` and everything it started:
 * SIGTERM to its process group, SIGKILL to the group if it is still there
 * after `graceMs`. (`next start` serves from a `next-server` child; killing
 * only the parent left that child holding the port.)
 */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.pid == null) return;
  const signal = (sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, sig);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => child.once('exit', () => r()));
  if (!signal('SIGTERM')) return;
  const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
  if ((await Promise.race([exited, timer])) === 'timeout') signal('SIGKILL');
  // Children of the group may outlive its leader: wait until the group is empty.
  for (let i = 0; i < 50 && signal(0); i++) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
}
