import { apiRoute } from '@/lib/http/route';
import { getImportJob } from '@/lib/import/import-jobs';

export const GET = apiRoute<{ id: string }>('import:run', async ({ actor, params }) => getImportJob(actor, params.id));
