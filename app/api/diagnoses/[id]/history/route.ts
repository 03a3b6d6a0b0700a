import { diagnosisHistory } from '@/lib/diagnosis/list-diagnoses';
import { apiRoute } from '@/lib/http/route';

export const GET = apiRoute<{ id: string }>('trajectory:read', async ({ actor, params }) => ({
  revisions: await diagnosisHistory(actor, params.id),
}));
