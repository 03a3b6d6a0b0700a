import { apiRoute, readJson } from '@/lib/http/route';
import { previewRetrieval } from '@/lib/releases/preview-retrieval';

export const dynamic = 'force-dynamic';

/** The retrieval preview page's query: /api/retrieve's answer plus leakage warnings for an imported task. */
export const POST = apiRoute('retrieval:preview', async ({ req, actor }) =>
  previewRetrieval(actor, await readJson(req)),
);
