import { testLlmConnection } from '@/lib/admin/test-llm-connection';
import { apiRoute, readJson } from '@/lib/http/route';

/** Admin → LLM "Test connection": one tiny request per model; changes nothing. */
export const POST = apiRoute('admin:settings', async ({ req, actor }) => testLlmConnection(actor, await readJson(req)));
