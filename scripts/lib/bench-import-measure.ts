import os from 'node:os';
import v8 from 'node:v8';

/**
 * How bench:import measures one import: its wall time and its memory high-water
 * mark above a baseline taken right after a full GC (so what the previous run
 * left behind does not count). Needs `node --expose-gc` (the npm script).
 *
 * With `retained`, each sample (every 100 ms) is taken after a full GC, so the mark is what the
 * import holds live, not garbage waiting for a collection: the heap in use
 * without it grows with the run's length (V8 collects the old generation
 * only when it has grown), even for an import that holds one batch at a time.
 * The collections slow the run, so its time is not a rate to report.
 */
export type Measured = { ms: number; heapMb: number; rssMb: number };

const MB = 1024 * 1024;
// Often enough to catch a batch's peak (a batch of 200 records takes tens of ms or more).
const SAMPLE_MS = 5;
// A full GC takes tens of ms on a loaded machine: sampled less often, or the run is all collection.
const RETAINED_SAMPLE_MS = 100;

function fullGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('bench:import needs the GC exposed: run it with `npm run bench:import` (node --expose-gc).');
  // Twice: the first pass finalises what the second collects.
  gc();
  gc();
}

export async function measure(run: () => Promise<void>, opts: { retained?: boolean } = {}): Promise<Measured> {
  fullGc();
  const heap0 = v8.getHeapStatistics().used_heap_size;
  const rss0 = process.memoryUsage.rss();
  let heapMax = heap0;
  let rssMax = rss0;
  const sample = () => {
    if (opts.retained) fullGc();
    heapMax = Math.max(heapMax, v8.getHeapStatistics().used_heap_size);
    rssMax = Math.max(rssMax, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, opts.retained ? RETAINED_SAMPLE_MS : SAMPLE_MS);
  const t = performance.now();
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - t;
  sample();
  return { ms, heapMb: (heapMax - heap0) / MB, rssMb: (rssMax - rss0) / MB };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A plain-text table, columns padded to their widest cell (the first column left-aligned, the rest right). */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
