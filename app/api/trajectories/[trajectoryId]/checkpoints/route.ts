import { apiRoute, readJson } from '@/lib/http/route';
import { attachCheckpoints } from '@/lib/import/attach-checkpoint-results';

/** Checkpoint results computed after the run (docs/trajectory-format.md, "Checkpoint results that arrive later"). */
export const POST = apiRoute<{ trajectoryId: string }>('import:run', async ({ req, actor, params }) =>
  attachCheckpoints(actor, decodeURIComponent(params.trajectoryId), await readJson(req)),
);
