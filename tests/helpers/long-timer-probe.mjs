// Preloaded into a Prisma CLI process (node --import) by
// tests/integration/db/prisma-cli-upstream-bugs.test.ts: counts the timers of
// 10 s or more that are still armed when the process exits, and un-refs them so
// the probe itself never keeps the process alive.
const arm = globalThis.setTimeout;
const disarm = globalThis.clearTimeout;
const armed = new Set();
globalThis.setTimeout = function (handler, delay, ...args) {
  const timer = arm(handler, delay, ...args);
  if ((delay ?? 0) >= 10_000) {
    armed.add(timer);
    timer.unref?.();
  }
  return timer;
};
globalThis.clearTimeout = function (timer) {
  armed.delete(timer);
  return disarm(timer);
};
process.on('exit', () => process.stderr.write(`LONG_TIMERS_LEFT_ARMED ${armed.size}\n`));
