import { apiRoute, readJson } from '@/lib/http/route';
import { createBatchRuns } from '@/lib/reflection/create-run';
import { listRecentBatches } from '@/lib/reflection/run-status';

export const GET = apiRoute('reflection:read', async ({ actor }) => ({ batches: await listRecentBatches(actor) }));

/** Many tasks at once: { mode: 'new-diagnoses' } or { mode: 'task-ids', taskIds }, plus settings. */
export const POST = apiRoute('reflection:run', async ({ req, actor }) => createBatchRuns(actor, await readJson(req)));
