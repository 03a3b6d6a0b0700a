import { saveDraft } from '@/lib/diagnosis/save-diagnosis';
import { apiRoute, readJson } from '@/lib/http/route';

export const PUT = apiRoute('diagnosis:write', async ({ req, actor }) => ({
  diagnosis: await saveDraft(actor, await readJson(req)),
}));
