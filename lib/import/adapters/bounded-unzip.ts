import type { Readable } from 'node:stream';
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

export type UnzipLimits = { maxBytes: number; maxEntries: number };

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** Decompressed-size and entry-count limits of an archive read in memory; IMPORT_ZIP_MAX_MB / IMPORT_ZIP_MAX_ENTRIES. */
export function zipLimits(): UnzipLimits {
  const maxMb = Number(process.env.IMPORT_ZIP_MAX_MB);
  const maxEntries = Number(process.env.IMPORT_ZIP_MAX_ENTRIES);
  return {
    maxBytes: (Number.isFinite(maxMb) && maxMb > 0 ? maxMb : 512) * 1024 * 1024,
    maxEntries: Number.isFinite(maxEntries) && maxEntries > 0 ? maxEntries : 10_000,
  };
}

export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

/**
 * Streams a zip from `input` and yields the whole entries `want` asks for, as
 * they complete. The limits count what is actually inflated, not what the
 * headers declare (a zip bomb lies there): past either limit reading stops
 * with a ZipLimitError. Entries not wanted are still inflated (to count them)
 * but not kept. Nothing touches the disk.
 */
export async function* readZipEntries(
  input: Readable,
  want: (name: string) => boolean,
  limits: UnzipLimits = zipLimits(),
): AsyncGenerator<{ name: string; data: Buffer }> {
  let total = 0;
  let entries = 0;
  let failure: Error | null = null;
  const done: { name: string; data: Buffer }[] = [];
  const unzip = new Unzip((file: UnzipFile) => {
    entries++;
    if (entries > limits.maxEntries) {
      failure ??= new ZipLimitError(
        `the archive has more than ${limits.maxEntries.toLocaleString('en-US')} entries (the limit)`,
      );
      return;
    }
    if (file.name.endsWith('/')) return;
    const keep = want(file.name);
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new Error(`entry ${file.name}: ${err.message}`);
        return;
      }
      total += chunk.length;
      if (total > limits.maxBytes) {
        failure = new ZipLimitError(
          `the archive inflates to more than ${mb(limits.maxBytes)} (the limit; reached in entry ${file.name})`,
        );
        file.terminate();
        return;
      }
      if (keep) chunks.push(chunk);
      if (final && keep) done.push({ name: file.name, data: Buffer.concat(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of input as AsyncIterable<Buffer>) {
    try {
      unzip.push(chunk);
    } catch (err) {
      failure ??= new Error(`the archive is not a readable zip: ${(err as Error).message}`);
    }
    if (failure) throw failure;
    yield* done.splice(0);
  }
  try {
    unzip.push(new Uint8Array(0), true);
  } catch (err) {
    failure ??= new Error(`the archive is not a readable zip: ${(err as Error).message}`);
  }
  if (failure) throw failure;
  yield* done.splice(0);
}
