import { apiRoute, readJson } from '@/lib/http/route';
import { updateUser } from '@/lib/users/manage-users';

// { user, revokedTokens }: a role change names the API tokens it revoked.
export const PATCH = apiRoute<{ id: string }>('admin:users', async ({ req, actor, params }) =>
  updateUser(actor, params.id, await readJson(req)),
);
