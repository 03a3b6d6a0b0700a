import { createWriteStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Inflate } from 'fflate';
import { UnpackBudget } from './budget';
import { entryTarget, safeEntryPath } from './entry-path';
import { ArchiveError, archiveLimits, type ArchiveLimits } from './limits';

/** One entry of a zip's central directory, its path already checked (`relative`, '' for the root itself). */
export type ZipEntry = {
  name: string;
  relative: string;
  method: number;
  compressed: number;
  localOffset: number;
  mode: number;
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
// Small reads: deflate expands up to ~1000×, and one push is inflated at once, so a chunk bounds memory.
const CHUNK = 64 * 1024;

/**
 * The zip's entries from its central directory, the one place that states
 * every entry's Unix mode (a symlink is refused there, before anything is
 * read). Zip64 archives are refused: their sizes need another record, and an
 * import archive that large is over the limit anyway.
 */
async function centralDirectory(fh: FileHandle, size: number, archive: string): Promise<Omit<ZipEntry, 'relative'>[]> {
  const tail = Math.min(size, 65_557);
  const buf = Buffer.alloc(tail);
  await fh.read(buf, 0, tail, size - tail);
  let at = -1;
  for (let i = tail - 22; i >= 0; i--)
    if (buf.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  if (at < 0)
    throw new ArchiveError(`${archive} is not a readable zip (no end-of-archive record: truncated or corrupt).`);
  const count = buf.readUInt16LE(at + 10);
  const dirSize = buf.readUInt32LE(at + 12);
  const dirOffset = buf.readUInt32LE(at + 16);
  if (count === 0xffff || dirOffset === 0xffffffff)
    throw new ArchiveError(`${archive} is a Zip64 archive, which the import does not read.`);
  if (dirOffset + dirSize > size) throw new ArchiveError(`${archive} is truncated (its directory lies past its end).`);
  const dir = Buffer.alloc(dirSize);
  await fh.read(dir, 0, dirSize, dirOffset);
  const entries: Omit<ZipEntry, 'relative'>[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL)
      throw new ArchiveError(`${archive} is corrupt (entry ${i + 1} of its directory is unreadable).`);
    const nameLen = dir.readUInt16LE(p + 28);
    entries.push({
      method: dir.readUInt16LE(p + 10),
      compressed: dir.readUInt32LE(p + 20),
      mode: dir.readUInt32LE(p + 38) >>> 16,
      localOffset: dir.readUInt32LE(p + 42),
      name: dir.subarray(p + 46, p + 46 + nameLen).toString('utf8'),
    });
    p += 46 + nameLen + dir.readUInt16LE(p + 30) + dir.readUInt16LE(p + 32);
  }
  return entries;
}

/**
 * A zip opened for reading within the archive limits (docs/import-archives.md),
 * whether its entries are unpacked to disk or read in memory (an Inspect
 * `.eval`): every entry is checked before the first byte is inflated (the
 * entry count, no link, no path leaving its folder), and every inflated byte
 * is counted, never the sizes the headers declare (a zip bomb lies there).
 * The central directory gives random access, so a reader takes the entries
 * it wants in the order it wants, one at a time.
 */
export class BoundedZip {
  private constructor(
    private readonly fh: FileHandle,
    private readonly budget: UnpackBudget,
    private readonly archive: string,
    readonly entries: ZipEntry[],
  ) {}

  static async open(file: string, archive: string, limits: ArchiveLimits = archiveLimits()): Promise<BoundedZip> {
    const budget = new UnpackBudget(archive, limits);
    const fh = await open(file, 'r');
    try {
      const { size } = await fh.stat();
      const entries = (await centralDirectory(fh, size, archive)).map((e) => {
        budget.entry();
        if ((e.mode & 0o170000) === 0o120000)
          throw new ArchiveError(
            `${archive}: entry "${e.name}" is a symbolic link, which an import archive may not hold.`,
          );
        return { ...e, relative: safeEntryPath(archive, e.name) };
      });
      return new BoundedZip(fh, budget, archive, entries);
    } catch (err) {
      await fh.close();
      throw err;
    }
  }

  close(): Promise<void> {
    return this.fh.close();
  }

  /** Inflates one entry chunk by chunk into `sink`; past the size limit it throws ArchiveError naming the entry. */
  async inflate(e: ZipEntry, sink: (chunk: Uint8Array) => void): Promise<void> {
    const { fh, archive } = this;
    const head = Buffer.alloc(30);
    await fh.read(head, 0, 30, e.localOffset);
    if (head.readUInt32LE(0) !== LOCAL) throw new ArchiveError(`${archive}: entry "${e.name}" is corrupt.`);
    let pos = e.localOffset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    if (e.method !== 0 && e.method !== 8)
      throw new ArchiveError(
        `${archive}: entry "${e.name}" uses compression method ${e.method} (only stored and deflate are read).`,
      );
    let failure: Error | null = null;
    const take = (chunk: Uint8Array) => {
      if (failure) return;
      try {
        this.budget.add(chunk.length, e.name);
        sink(chunk);
      } catch (err) {
        failure = err as Error;
      }
    };
    const inflate = e.method === 8 ? new Inflate((chunk) => take(chunk)) : null;
    try {
      for (let left = e.compressed; left > 0 && !failure;) {
        const buf = Buffer.alloc(Math.min(CHUNK, left));
        const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
        if (bytesRead === 0) throw new ArchiveError(`${archive}: entry "${e.name}" is truncated.`);
        pos += bytesRead;
        left -= bytesRead;
        if (inflate) inflate.push(buf.subarray(0, bytesRead), left === 0);
        else take(buf.subarray(0, bytesRead));
      }
    } catch (err) {
      failure ??=
        err instanceof ArchiveError
          ? err
          : new ArchiveError(`${archive}: entry "${e.name}" is corrupt (${(err as Error).message}).`);
    }
    if (failure) throw failure;
  }

  /** One entry's whole content, in memory (for readers of one entry at a time). */
  async read(e: ZipEntry): Promise<Buffer> {
    const chunks: Uint8Array[] = [];
    await this.inflate(e, (chunk) => chunks.push(chunk));
    return Buffer.concat(chunks);
  }
}

/** Streams one entry to `target`. */
async function writeEntry(zip: BoundedZip, e: ZipEntry, target: string): Promise<void> {
  const out = createWriteStream(target);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve);
    out.on('error', reject);
  });
  let failure: unknown = null;
  try {
    await zip.inflate(e, (chunk) => out.write(chunk));
  } catch (err) {
    failure = err;
  }
  out.end();
  await done;
  if (failure) throw failure;
}

/** Unpacks a zip into `root`: a bad entry fails the archive as a whole before anything is written. */
export async function unpackZip(file: string, root: string, archive: string, limits: ArchiveLimits): Promise<void> {
  const zip = await BoundedZip.open(file, archive, limits);
  try {
    for (const e of zip.entries) {
      if (!e.relative) continue;
      const target = entryTarget(root, e.relative);
      if (e.name.endsWith('/')) {
        await mkdir(target, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(target), { recursive: true });
      await writeEntry(zip, e, target);
    }
  } finally {
    await zip.close();
  }
}
