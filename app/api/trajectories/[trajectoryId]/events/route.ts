import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { listEvents } from '@/lib/trajectories/list-events';

export const GET = apiRoute<{ trajectoryId: string }>('trajectory:read', async ({ req, actor, params }) =>
  listEvents(actor, params.trajectoryId, searchParamsRecord(req.nextUrl.searchParams)),
);
