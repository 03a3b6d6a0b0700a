import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { apiRoute } from '@/lib/http/route';

/** GET: the same-task contrast (aligned tool calls, divergence, checkpoint grid) as JSON; `?runs=<id>,<id>` keeps only those runs. */
export const GET = apiRoute<{ taskId: string }>('trajectory:read', ({ req, actor, params }) =>
  loadTaskContrast(actor, params.taskId, { runs: req.nextUrl.searchParams.get('runs') ?? undefined }),
);
