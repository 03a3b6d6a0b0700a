import { countDiagnosesToExport, exportDiagnoses } from '@/lib/diagnosis/export-diagnoses';
import { apiRoute } from '@/lib/http/route';
import { iterableStream } from '@/lib/http/iterable-stream';

export const dynamic = 'force-dynamic';

/** `?format=jsonl|csv&…scope` → the diagnoses as a streamed download; `format=count` → how many there are. */
export const GET = apiRoute('diagnosis:read-all', async ({ req, actor }) => {
  const query = Object.fromEntries(req.nextUrl.searchParams);
  if (query.format === 'count') return countDiagnosesToExport(actor, query);
  const file = exportDiagnoses(actor, query);
  return new Response(iterableStream(file.chunks), {
    headers: {
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
});
