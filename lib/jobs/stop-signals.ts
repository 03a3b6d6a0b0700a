/**
 * Whether this process has been told to stop (SIGINT from Ctrl-C, SIGTERM).
 * Ctrl-C reaches the embedded PostgreSQL in the same terminal too, which closes
 * this process's connections while it is still stopping: code that reports a
 * lost connection asks here whether the loss is that expected one.
 */
let requested = false;
let watching = false;

/** Notes the stop signals without changing what they do (idempotent). */
export function watchStopSignals(): void {
  if (watching) return;
  watching = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      requested = true;
      // Nobody else handles it (a bare script): this listener is gone now, so re-raising does
      // what Node does by default. Otherwise (`npm start`) the other listeners stop the process.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

export const stopRequested = (): boolean => requested;
