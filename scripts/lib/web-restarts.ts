/**
 * How often `npm start` starts a crashed web server again: up to `limit`
 * times within a sliding window. A server that keeps crashing (a broken
 * build, a port taken by someone else) stops the console rather than spin.
 */
export class WebRestarts {
  private times: number[] = [];

  constructor(
    readonly limit = Number(process.env.START_WEB_RESTARTS ?? 3),
    readonly windowMinutes = 10,
    private readonly now = () => Date.now(),
  ) {}

  /** The number of this restart (1…limit), or null when the limit within the window is reached. */
  next(): number | null {
    const since = this.now() - this.windowMinutes * 60_000;
    this.times = this.times.filter((t) => t > since);
    if (this.times.length >= this.limit) return null;
    this.times.push(this.now());
    return this.times.length;
  }
}
