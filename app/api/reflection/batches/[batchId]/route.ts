import { apiRoute } from '@/lib/http/route';
import { getBatchProgress } from '@/lib/reflection/run-status';

export const GET = apiRoute<{ batchId: string }>('reflection:read', async ({ actor, params }) => ({
  batch: await getBatchProgress(actor, params.batchId),
}));
