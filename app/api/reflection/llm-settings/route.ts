import { apiRoute, readJson } from '@/lib/http/route';
import { getLlmStatus, updateLlmSettings } from '@/lib/reflection/llm-settings';

/** Whether an endpoint is configured (never the key) and the models per step. */
export const GET = apiRoute('reflection:read', async ({ actor }) => ({ llm: await getLlmStatus(actor) }));

export const PUT = apiRoute('admin:settings', async ({ req, actor }) => ({
  llm: await updateLlmSettings(actor, await readJson(req)),
}));
