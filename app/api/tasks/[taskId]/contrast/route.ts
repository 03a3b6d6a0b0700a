import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { apiRoute } from '@/lib/http/route';

/** GET: the same-task contrast (aligned tool calls, divergence, checkpoint grid) as JSON. */
export const GET = apiRoute<{ taskId: string }>('trajectory:read', ({ actor, params }) =>
  loadTaskContrast(actor, params.taskId),
);
