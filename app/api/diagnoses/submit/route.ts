import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { apiRoute, readJson } from '@/lib/http/route';

export const POST = apiRoute('diagnosis:write', async ({ req, actor }) => submitDiagnosis(actor, await readJson(req)));
