import { apiRoute } from '@/lib/http/route';
import { getRunDetail } from '@/lib/reflection/read-run';

/** Everything about one run: packet, prompts, raw output, deltas, patches, validation, tokens, timings, errors. */
export const GET = apiRoute<{ runId: string }>('reflection:read', async ({ actor, params }) => ({
  run: await getRunDetail(actor, params.runId),
}));
