import type pg from 'pg';
import { openLockSession } from '@/lib/db/lock-session';
import { stopRequested, watchStopSignals } from './stop-signals';

/**
 * "Somebody is executing run X" as a PostgreSQL session advisory lock held on
 * one dedicated connection per worker process. When a worker process dies
 * (kill -9, crash, power loss) PostgreSQL drops its connection and with it the
 * locks, so a run left RUNNING whose lock can be taken has no live worker —
 * across any number of worker machines, with no heartbeat table.
 */
const LOCK_NAMESPACE = 'reflection-run';
const LOSS_REPORT_DELAY_MS = 300;

export class RunLocks {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  // Session advisory locks are re-entrant for the session that holds them, and
  // this process's job handlers and recovery sweep share one session: without
  // this set the sweep would "take" a run its own process is executing.
  private readonly held = new Set<string>();

  private closed = false;

  constructor(private readonly connectionString?: string) {
    watchStopSignals();
  }

  /**
   * A connection lost while the process runs loses its locks: an error. Lost because the
   * process is stopping (Ctrl-C also stops the embedded PostgreSQL, which may close it first,
   * or a moment before this process hears the signal; hence the short wait) it is expected.
   */
  private reportLoss(err: Error) {
    const expected = () => this.closed || stopRequested();
    if (expected()) return;
    setTimeout(() => {
      if (!expected()) console.error('[jobs] run-lock connection lost:', err.message);
    }, LOSS_REPORT_DELAY_MS).unref();
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      // A lost connection loses every lock it held: forget it so the next call reconnects.
      let client: pg.Client | undefined;
      const forget = () => {
        if (client && this.client === client) this.client = undefined;
      };
      client = await openLockSession(
        'memory-console-run-locks',
        (err) => {
          forget();
          this.reportLoss(err);
        },
        this.connectionString,
      );
      client.on('end', forget);
      this.client = client;
      return client;
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** True when this process now holds the run's lock (nobody else is executing it). */
  async tryLock(runId: string): Promise<boolean> {
    if (this.held.has(runId)) return false;
    // Reserve before the round trip so two callers in this process cannot both pass.
    this.held.add(runId);
    try {
      const c = await this.connection();
      const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS ok', [
        LOCK_NAMESPACE,
        runId,
      ]);
      if (!rows[0].ok) this.held.delete(runId);
      return rows[0].ok;
    } catch (err) {
      this.held.delete(runId);
      throw err;
    }
  }

  async unlock(runId: string): Promise<void> {
    if (!this.held.delete(runId)) return;
    const c = await this.connection();
    await c.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [LOCK_NAMESPACE, runId]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.held.clear();
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }
}
