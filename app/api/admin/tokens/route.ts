import { apiRoute, readJson } from '@/lib/http/route';
import { createApiToken, listApiTokens } from '@/lib/users/api-tokens';

export const GET = apiRoute('admin:tokens', async ({ actor }) => ({ tokens: await listApiTokens(actor) }));

export const POST = apiRoute('admin:tokens', async ({ req, actor }) => createApiToken(actor, await readJson(req)));
