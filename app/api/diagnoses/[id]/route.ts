import { editDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { apiRoute, readJson } from '@/lib/http/route';

export const PATCH = apiRoute<{ id: string }>('diagnosis:write', async ({ req, actor, params }) =>
  editDiagnosis(actor, params.id, await readJson(req)),
);
