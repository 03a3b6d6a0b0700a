/**
 * A web server started by `npm start` must not outlive it. Its supervisor
 * stops it on every orderly way out, but a supervisor killed with SIGKILL (or
 * by the OOM killer) runs no code: its web server and embedded PostgreSQL went
 * on serving, and the next `npm start` found the ports taken. Linux has no
 * portable "die with your parent" for Node, so the web server watches: once
 * its parent is gone it stops the embedded PostgreSQL the supervisor started
 * (fast shutdown, as `pg_ctl stop -m fast` does) and exits.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAlive } from './process-group';

export const SUPERVISOR_PID_ENV = 'CONSOLE_SUPERVISOR_PID';
export const SUPERVISED_PG_DIR_ENV = 'CONSOLE_SUPERVISED_PG_DIR';

/** The postmaster's pid from its data folder, when it runs. */
export function postmasterPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 && isAlive(pid) ? pid : null;
}

/** Watches the supervisor named in the environment (nothing to do when none started us). */
export function exitWithParent(checkEveryMs = 1_000): void {
  const supervisor = Number(process.env[SUPERVISOR_PID_ENV]);
  if (!supervisor) return;
  const timer = setInterval(() => {
    // Re-parented (to init or a subreaper) or gone: either way the supervisor no longer looks after us.
    if (process.ppid === supervisor && isAlive(supervisor)) return;
    clearInterval(timer);
    console.error(`The supervisor (npm start, pid ${supervisor}) is gone: stopping the web server and its database.`);
    const pgDir = process.env[SUPERVISED_PG_DIR_ENV];
    const pg = pgDir ? postmasterPid(pgDir) : null;
    if (pg) process.kill(pg, 'SIGINT');
    process.exit(1);
  }, checkEveryMs);
  timer.unref();
}
