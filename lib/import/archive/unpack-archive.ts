import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { UnpackBudget } from './budget';
import { entryTarget, safeEntryPath } from './entry-path';
import { ArchiveError, archiveLimits, type ArchiveLimits } from './limits';
import { unpackZip } from './zip-reader';

export type ArchiveKind = 'zip' | 'gzip';

/** What a file is, from its first bytes (never its name alone: an upload's name is the user's). */
export async function archiveKind(file: string): Promise<ArchiveKind | null> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await fh.read(head, 0, 4, 0);
    if (bytesRead >= 4 && head.readUInt32LE(0) === 0x04034b50) return 'zip';
    if (bytesRead >= 4 && head.readUInt32LE(0) === 0x06054b50) return 'zip';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    return null;
  } finally {
    await fh.close();
  }
}

/** An unpacked archive: a folder, or (a lone `.gz`) the one file it held. */
export type Unpacked = { kind: 'folder'; root: string } | { kind: 'file'; path: string; name: string };

/** Decompressed gzip bytes, counted against the budget; a truncated or corrupt stream fails with its name. */
async function* gunzipped(file: string, budget: UnpackBudget, archive: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of createReadStream(file).pipe(createGunzip()) as AsyncIterable<Buffer>) {
      budget.add(chunk.length);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const why = (err as NodeJS.ErrnoException).code === 'Z_BUF_ERROR' ? 'it is truncated' : (err as Error).message;
    throw new ArchiveError(`${archive} is not a readable gzip file (${why}): it was not imported.`);
  }
}

/** A tar (after gunzip) into `root`: regular files and folders only, each path checked. */
async function untar(source: AsyncIterable<Buffer>, root: string, budget: UnpackBudget, archive: string) {
  const tar = extract();
  // Settles to the stream's own error (a truncated gzip, the budget), which explains a failure better than tar's.
  const reading = pipeline(Readable.from(source), tar).then(
    () => null,
    (err: Error) => err,
  );
  try {
    for await (const entry of tar) await untarEntry(entry as unknown as TarEntry, root, budget, archive);
  } catch (err) {
    tar.destroy();
    const cause = (await reading) ?? (err as Error);
    if (cause instanceof ArchiveError) throw cause;
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`${archive} is not a readable tar archive (${cause.message}): it was not imported.`);
  }
  const err = await reading;
  if (err)
    throw err instanceof ArchiveError
      ? err
      : new ArchiveError(`${archive} is not a readable tar archive (${err.message}).`);
}

type TarEntry = Readable & { header: { name: string; type: string | null } };

async function untarEntry(entry: TarEntry, root: string, budget: UnpackBudget, archive: string) {
  const { name, type } = entry.header;
  budget.entry();
  if (type !== 'file' && type !== 'contiguous-file' && type !== 'directory') {
    entry.resume();
    throw new ArchiveError(
      `${archive}: entry "${name}" is a ${type === 'symlink' || type === 'link' ? 'link' : String(type)}, which an import archive may not hold; it was not imported.`,
    );
  }
  const relative = safeEntryPath(archive, name);
  const target = relative ? entryTarget(root, relative) : root;
  if (type === 'directory') {
    await mkdir(target, { recursive: true });
    entry.resume();
    return;
  }
  await mkdir(path.dirname(target), { recursive: true });
  await pipeline(entry, createWriteStream(target));
}

/** The decompressed bytes again from the start, with the first `head` bytes already read to look at. */
async function* replay(head: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  for (let r = await rest.next(); !r.done; r = await rest.next()) yield r.value;
}

/**
 * Unpacks `file` (a zip, a gzipped tar or a lone gzipped file) into `root`,
 * which the caller created for this import and removes afterwards, whatever
 * happens. Throws ArchiveError with a reason fit for the import report.
 */
export async function unpackArchive(
  file: string,
  fileName: string,
  root: string,
  kind: ArchiveKind,
  limits: ArchiveLimits = archiveLimits(),
): Promise<Unpacked> {
  await mkdir(root, { recursive: true });
  if (kind === 'zip') {
    await unpackZip(file, root, fileName, limits);
    return { kind: 'folder', root };
  }
  const budget = new UnpackBudget(fileName, limits);
  const stream = gunzipped(file, budget, fileName);
  const head: Buffer[] = [];
  let seen = 0;
  while (seen < 512) {
    const r = await stream.next();
    if (r.done) break;
    head.push(r.value);
    seen += r.value.length;
  }
  const first = Buffer.concat(head);
  if (first.length >= 262 && first.subarray(257, 262).toString('latin1') === 'ustar') {
    await untar(replay(head, stream), root, budget, fileName);
    return { kind: 'folder', root };
  }
  budget.entry();
  const name = fileName.replace(/\.t?gz$/i, '') || 'unpacked';
  const target = path.join(root, safeEntryPath(fileName, path.basename(name)) || 'unpacked');
  await pipeline(Readable.from(replay(head, stream)), createWriteStream(target));
  return { kind: 'file', path: target, name };
}
