import { searchParamsRecord } from '@/lib/http/pagination';
import { apiRoute } from '@/lib/http/route';
import { findEvents } from '@/lib/trajectories/find-events';

export const GET = apiRoute<{ trajectoryId: string }>('trajectory:read', async ({ req, actor, params }) =>
  findEvents(actor, params.trajectoryId, searchParamsRecord(req.nextUrl.searchParams)),
);
