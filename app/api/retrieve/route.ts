import { apiRoute, readJson } from '@/lib/http/route';
import { retrieve } from '@/lib/retrieval/retrieve';

export const dynamic = 'force-dynamic';

/** What an agent runtime injects for a task: `{ task, apps?, ability?, release?, function?, k? }` (see /api/openapi.json). */
export const POST = apiRoute('retrieval:query', async ({ req, actor }) => retrieve(actor, await readJson(req)));
