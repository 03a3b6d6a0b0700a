import busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AppError } from '@/lib/errors';
import { createSpoolFolder } from './import-spool';

export type ReceivedFile = { filePath: string; fileName: string };
export type ReceivedUpload = { files: ReceivedFile[]; fields: Record<string, string>; cleanup: () => Promise<void> };

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function tooLarge(limitBytes: number, size?: number): AppError {
  const what = size != null ? `The upload is ${mb(size)}` : 'The upload is too large';
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${what}; the limit is ${mb(limitBytes)} (IMPORT_MAX_UPLOAD_MB). Split the file or import it with the command line: npm run import -- <file>.`,
  );
}

/** A safe display name: the base name only, no control characters, bounded length. */
export function cleanFileName(name: string | null | undefined, fallback: string): string {
  const base = path
    .basename(String(name ?? ''))
    .replace(/[\u0000-\u001f]/g, '')
    .trim();
  return (base || fallback).slice(0, 200);
}

/** Streams a body to disk, refusing it with 413 the moment it passes the limit (chunked uploads send no length). */
async function saveStream(body: Readable, dest: string, limitBytes: number): Promise<void> {
  let seen = 0;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limitBytes) done(tooLarge(limitBytes));
      else done(null, chunk);
    },
  });
  await pipeline(body, guard, createWriteStream(dest));
}

/**
 * Streams every file part of a multipart body to disk as it arrives (busboy),
 * so memory stays flat and the 413 fires as soon as the total passes the limit.
 */
async function saveMultipart(
  req: Request,
  dir: string,
  fields: Record<string, string>,
  limitBytes: number,
): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let total = 0;
  const parser = busboy({ headers: Object.fromEntries(req.headers), limits: { fields: 50, fieldSize: 64 * 1024 } });
  parser.on('field', (name, value) => (fields[name] = value));
  parser.on('file', (_name, stream, info) => {
    const fileName = cleanFileName(info.filename, `upload-${files.length + 1}`);
    const filePath = path.join(dir, `${files.length}-${fileName}`);
    files.push({ filePath, fileName });
    const counted = new Transform({
      transform(chunk: Buffer, _enc, done) {
        total += chunk.length;
        if (total > limitBytes) done(tooLarge(limitBytes));
        else done(null, chunk);
      },
    });
    const write = pipeline(stream, counted, createWriteStream(filePath));
    // A failed file (over the limit) aborts the whole body: the outer pipeline rejects with its error.
    write.catch((err) => parser.destroy(err));
    writes.push(write);
  });
  try {
    await pipeline(Readable.fromWeb(req.body as WebReadableStream), parser);
  } finally {
    await Promise.allSettled(writes);
  }
  await Promise.all(writes);
  return files;
}

/**
 * Receives an import upload into a temporary folder: either a raw body (the
 * file itself, streamed to disk with flat memory; name from `?fileName=`) or
 * multipart form data with one or more files. Bodies over the limit are
 * refused with 413 before anything is imported.
 */
export async function receiveUpload(req: Request, limitBytes: number): Promise<ReceivedUpload> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes, declared);
  const dir = await createSpoolFolder();
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const url = new URL(req.url);
  const fields: Record<string, string> = Object.fromEntries(url.searchParams);
  try {
    const files: ReceivedFile[] = [];
    if ((req.headers.get('content-type') ?? '').startsWith('multipart/form-data') && req.body) {
      files.push(...(await saveMultipart(req, dir, fields, limitBytes)));
    } else if (req.body) {
      const fileName = cleanFileName(fields.fileName ?? req.headers.get('x-file-name'), 'upload.jsonl');
      const filePath = path.join(dir, `0-${fileName}`);
      await saveStream(Readable.fromWeb(req.body as WebReadableStream), filePath, limitBytes);
      files.push({ filePath, fileName });
    }
    if (!files.length)
      throw new AppError(
        'VALIDATION',
        'No file received: send the file as the request body or as multipart form data',
        [{ path: 'file', message: 'missing' }],
      );
    return { files, fields, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}
