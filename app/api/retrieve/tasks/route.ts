import { apiRoute } from '@/lib/http/route';
import { searchPreviewTasks } from '@/lib/releases/preview-retrieval';

export const dynamic = 'force-dynamic';

/** Imported tasks for the preview's picker (`?q=` matches the benchmark task id or the instruction). */
export const GET = apiRoute('retrieval:preview', async ({ req, actor }) => ({
  items: await searchPreviewTasks(actor, req.nextUrl.searchParams.get('q') ?? ''),
}));
