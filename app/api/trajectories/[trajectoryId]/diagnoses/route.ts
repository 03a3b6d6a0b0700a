import { listTrajectoryDiagnoses } from '@/lib/diagnosis/list-diagnoses';
import { apiRoute } from '@/lib/http/route';

export const GET = apiRoute<{ trajectoryId: string }>('trajectory:read', async ({ actor, params }) => ({
  diagnoses: await listTrajectoryDiagnoses(actor, params.trajectoryId),
}));
