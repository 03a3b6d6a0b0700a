import { env } from '@/lib/env';
import { apiRoute } from '@/lib/http/route';
import { pageQuerySchema, searchParamsRecord } from '@/lib/http/pagination';
import { assertImportFields } from '@/lib/import/import-fields';
import { listImportJobs } from '@/lib/import/import-jobs';
import { receiveUpload } from '@/lib/import/receive-upload';
import { assertFormat, importFile } from '@/lib/import/run-import';

// Imports can take a while and stream from disk: never cache, always Node.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = apiRoute('import:run', async ({ req, actor }) =>
  listImportJobs(actor, pageQuerySchema.parse(searchParamsRecord(req.nextUrl.searchParams))),
);

/**
 * Upload one or more files (multipart) or send one file as the raw body
 * (`?fileName=run.jsonl&format=native`). Returns one report per file.
 */
export const POST = apiRoute('import:run', async ({ req, actor }) => {
  // The query string before the upload is read (a 200 MB file is not taken in to be refused); form fields after.
  assertImportFields(req.nextUrl.searchParams.keys());
  const upload = await receiveUpload(req, env().IMPORT_MAX_UPLOAD_MB * 1024 * 1024);
  try {
    assertImportFields(Object.keys(upload.fields));
    const format = assertFormat(upload.fields.format);
    const reports = [];
    for (const f of upload.files) {
      reports.push(
        await importFile({
          by: { actor },
          source: actor.via === 'token' ? 'API' : 'UPLOAD',
          filePath: f.filePath,
          fileName: f.fileName,
          format,
          model: upload.fields.model || undefined,
          domain: upload.fields.domain || undefined,
          agent: upload.fields.agent || undefined,
        }),
      );
    }
    return { reports };
  } finally {
    await upload.cleanup();
  }
});
