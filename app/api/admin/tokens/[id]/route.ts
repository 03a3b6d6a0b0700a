import { apiRoute } from '@/lib/http/route';
import { revokeApiToken } from '@/lib/users/api-tokens';

export const DELETE = apiRoute<{ id: string }>('admin:tokens', async ({ actor, params }) => {
  await revokeApiToken(actor, params.id);
});
