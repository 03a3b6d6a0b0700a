import { apiRoute } from '@/lib/http/route';
import { exportRelease } from '@/lib/releases/export-release';

export const dynamic = 'force-dynamic';

/** `?format=json|markdown|wiki` → a download (wiki: a zip of interlinked Markdown pages). */
export const GET = apiRoute<{ name: string }>('bank:export', async ({ req, actor, params }) => {
  const file = await exportRelease(actor, decodeURIComponent(params.name), req.nextUrl.searchParams.get('format') ?? 'json');
  return new Response(file.body as BodyInit, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"`, 'cache-control': 'no-store' },
  });
});
