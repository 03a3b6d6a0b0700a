import { overCount, overSize, type ArchiveLimits } from './limits';

/** Counts what an archive has unpacked so far and throws the moment a limit is passed. */
export class UnpackBudget {
  private bytes = 0;
  private entries = 0;
  constructor(
    private readonly archive: string,
    private readonly limits: ArchiveLimits,
  ) {}

  entry(): void {
    if (++this.entries > this.limits.maxEntries) throw overCount(this.archive, this.limits);
  }

  /** `n` more decompressed bytes, of `entry` when the archive has entries (a lone .gz has none). */
  add(n: number, entry?: string): void {
    this.bytes += n;
    if (this.bytes > this.limits.maxBytes) throw overSize(this.archive, this.limits, entry);
  }
}
