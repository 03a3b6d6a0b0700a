import { apiRoute } from '@/lib/http/route';
import { exportRelease } from '@/lib/releases/export-release';

export const dynamic = 'force-dynamic';

/** The ETag sent before matches (If-None-Match may list several, or `*`). */
const matches = (ifNoneMatch: string | null, etag: string) =>
  !!ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');

/**
 * `?format=json|markdown|wiki` → a download (wiki: a zip of interlinked Markdown pages). A release
 * never changes, so a client holding the file sends If-None-Match and gets 304 without it; the
 * permission is checked first all the same (private: never kept by a shared cache).
 */
export const GET = apiRoute<{ name: string }>('bank:export', async ({ req, actor, params }) => {
  const file = await exportRelease(
    actor,
    decodeURIComponent(params.name),
    req.nextUrl.searchParams.get('format') ?? 'json',
  );
  const headers = { etag: file.etag, 'cache-control': 'private, no-cache' };
  if (matches(req.headers.get('if-none-match'), file.etag)) return new Response(null, { status: 304, headers });
  return new Response(file.body as BodyInit, {
    headers: {
      ...headers,
      'content-type': file.contentType,
      'content-disposition': `attachment; filename="${file.fileName}"`,
    },
  });
});
