import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { listImportJobs, getImportJob } from '@/lib/import/import-jobs';
import { receiveUpload } from '@/lib/import/receive-upload';
import { importFile } from '@/lib/import/run-import';
import { createActor } from '../../helpers/factories';
import { IMPORT_FIXTURES } from '../../helpers/import-files';

const body = readFileSync(path.join(IMPORT_FIXTURES, 'native-valid.jsonl'));

function chunked(bytes: Buffer, size = 100): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(at, (at += size)));
    },
  });
}

/** A POST streaming `stream` with no content-length (as a browser's streamed upload comes). */
const chunkedUpload = (url: string, stream: ReadableStream<Uint8Array>) =>
  new Request(url, { method: 'POST', body: stream, duplex: 'half' } as RequestInit);

describe('import uploads', () => {
  it('refuses an upload over the limit by its declared length with a clear 413 message', async () => {
    const req = new Request('http://x/api/imports?fileName=big.jsonl', {
      method: 'POST',
      body,
      headers: { 'content-length': String(body.length) },
    });
    const err = await receiveUpload(req, 1024).catch((e) => e);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
    expect(err.message).toMatch(
      /The upload is .* MB; the limit is 0\.0 MB \(IMPORT_MAX_UPLOAD_MB\)\. .*npm run import/,
    );
  });

  it('refuses a chunked upload without a length as soon as it passes the limit', async () => {
    const req = chunkedUpload('http://x/api/imports', chunked(body));
    await expect(receiveUpload(req, 1024)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('streams a raw body to a temporary file under its given name, and cleans up', async () => {
    const req = chunkedUpload('http://x/api/imports?fileName=../../etc/run.jsonl&format=native', chunked(body));
    const upload = await receiveUpload(req, 10 * 1024 * 1024);
    expect(upload.files).toHaveLength(1);
    expect(upload.files[0].fileName).toBe('run.jsonl');
    expect(upload.fields.format).toBe('native');
    expect(readFileSync(upload.files[0].filePath)).toEqual(body);
    await upload.cleanup();
    await expect(stat(upload.files[0].filePath)).rejects.toThrow();
  });

  it('takes several files from a multipart form', async () => {
    const form = new FormData();
    form.append('format', 'native');
    form.append('file', new Blob([body]), 'a.jsonl');
    form.append('file', new Blob([body]), 'b.jsonl');
    const upload = await receiveUpload(
      new Request('http://x/api/imports', { method: 'POST', body: form }),
      10 * 1024 * 1024,
    );
    expect(upload.files.map((f) => f.fileName)).toEqual(['a.jsonl', 'b.jsonl']);
    expect(upload.fields.format).toBe('native');
    expect(readFileSync(upload.files[1].filePath)).toEqual(body);
    await upload.cleanup();
  });

  it('streams a chunked multipart upload and refuses it once the files pass the limit', async () => {
    const form = new FormData();
    form.append('file', new Blob([body]), 'a.jsonl');
    form.append('file', new Blob([body]), 'b.jsonl');
    const encoded = new Request('http://x', { method: 'POST', body: form });
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const contentType = encoded.headers.get('content-type')!;
    const send = () =>
      new Request('http://x/api/imports', {
        method: 'POST',
        body: chunked(bytes, 64),
        headers: { 'content-type': contentType },
        duplex: 'half',
      } as RequestInit);
    await expect(receiveUpload(send(), body.length + 10)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const ok = await receiveUpload(send(), 10 * 1024 * 1024);
    expect(ok.files.map((f) => f.fileName)).toEqual(['a.jsonl', 'b.jsonl']);
    await ok.cleanup();
  });

  it('fails a file whose format cannot be told with a message naming the formats', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'fmt-')), 'notes.json');
    writeFileSync(file, '{"hello": "world"}');
    const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    expect(report).toMatchObject({ status: 'FAILED', format: null, recordsTotal: 0 });
    expect(report.error).toMatch(
      /^Cannot tell the format of notes\.json: it has none of the keys the formats start with .*\. If it is one, name it \(native = native JSONL/,
    );
  });

  it("says a file that is not valid JSON is broken, with the parser's reason, rather than only asking for its format", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fmt-'));
    writeFileSync(path.join(dir, 'cut.json'), '{"simulatio');
    const cut = await importFile({ by: { cli: true }, source: 'CLI', filePath: path.join(dir, 'cut.json') });
    expect(cut).toMatchObject({ status: 'FAILED', recordsTotal: 0 });
    expect(cut.error).toMatch(
      /^Cannot tell the format of cut\.json: it is not valid JSON \(.+\)\. If it is one, name it/,
    );
    writeFileSync(path.join(dir, 'notes.json'), 'hello, world');
    const prose = await importFile({ by: { cli: true }, source: 'CLI', filePath: path.join(dir, 'notes.json') });
    expect(prose.error).toMatch(
      /^Cannot tell the format of notes\.json: it is not JSON \(it does not start with \{ or \[\)\./,
    );
  });

  it('lists past imports with their reports for researchers, not annotators', async () => {
    const researcher = await createActor('RESEARCHER');
    const report = await importFile({
      by: { actor: researcher },
      source: 'UPLOAD',
      filePath: path.join(IMPORT_FIXTURES, 'native-malformed.jsonl'),
      fileName: 'mine.jsonl',
    });
    const page = await listImportJobs(researcher, { page: 1, pageSize: 10 });
    expect(page.items[0]).toMatchObject({
      id: report.id,
      fileName: 'mine.jsonl',
      source: 'UPLOAD',
      createdBy: researcher.email,
      status: 'PARTIAL',
    });
    expect((await getImportJob(researcher, report.id)).errors.map((e) => e.line)).toEqual([2, 3, 6, 7]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'ImportJob', entityId: report.id } });
    expect(audit).toMatchObject({ actorId: researcher.userId, action: 'import.finish' });
    const annotator = await createActor('ANNOTATOR');
    await expect(listImportJobs(annotator, { page: 1, pageSize: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(getImportJob(annotator, report.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
  it('pages through the problems of a report past the first 500, in file order', async () => {
    const researcher = await createActor('RESEARCHER');
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'import-many-')), 'many-bad.jsonl');
    writeFileSync(file, Array.from({ length: 620 }, (_, i) => `not json ${i}`).join('\n') + '\n');
    const report = await importFile({ by: { actor: researcher }, source: 'UPLOAD', filePath: file, format: 'native' });
    expect(report).toMatchObject({
      failedCount: 620,
      errorCount: 620,
      errorsShown: 500,
      errorsOffset: 0,
      errorsPage: 1,
    });

    const second = await getImportJob(researcher, report.id, 2);
    expect(second).toMatchObject({ errorCount: 620, errorsShown: 120, errorsOffset: 500, errorsPage: 2 });
    expect(second.errors.map((e) => e.line)).toEqual(Array.from({ length: 120 }, (_, i) => 501 + i));
  });
});
