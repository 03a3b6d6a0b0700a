import { apiRoute } from '@/lib/http/route';
import { revokeApiToken } from '@/lib/users/api-tokens';

// 204 also for a token already revoked (idempotent: nothing changes, nothing is audited twice).
export const DELETE = apiRoute<{ id: string }>('admin:tokens', async ({ actor, params }) => {
  await revokeApiToken(actor, params.id);
});
