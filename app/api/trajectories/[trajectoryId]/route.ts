import { apiRoute } from '@/lib/http/route';
import { getTrajectory } from '@/lib/trajectories/get-trajectory';

export const GET = apiRoute<{ trajectoryId: string }>('trajectory:read', async ({ actor, params }) =>
  getTrajectory(actor, params.trajectoryId),
);
