import { apiRoute } from '@/lib/http/route';
import { getTrajectoryPolicy } from '@/lib/policies/get-trajectory-policy';

export const GET = apiRoute<{ trajectoryId: string }>('trajectory:read', async ({ actor, params }) => ({
  policy: await getTrajectoryPolicy(actor, params.trajectoryId),
}));
