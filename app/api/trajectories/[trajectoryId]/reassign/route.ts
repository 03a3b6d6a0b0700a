import { apiRoute, readJson } from '@/lib/http/route';
import { reassignTrace } from '@/lib/otlp/reassign-trace';

/** Moves a trace that named no task under a real task (docs/send-traces.md, "Traces that name no task"). */
export const POST = apiRoute<{ trajectoryId: string }>('trajectory:reassign', async ({ req, actor, params }) =>
  reassignTrace(actor, decodeURIComponent(params.trajectoryId), await readJson(req)),
);
