/**
 * A process holding one run lock, stopping like `npm start` does: a stop signal
 * starts a shutdown that takes a moment before the locks are closed. Prints
 * "locked" once it holds the lock. Used by tests/integration/jobs/jobs-run-lock-shutdown.test.ts.
 */
import { RunLocks } from '@/lib/jobs/run-lock';

const locks = new RunLocks();
if (!(await locks.tryLock(`holder-${process.pid}`))) throw new Error('could not take the lock');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => setTimeout(() => void locks.close().then(() => process.exit(0)), 1_000));
}
console.log('locked');
setInterval(() => undefined, 60_000);
