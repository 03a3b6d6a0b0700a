import { apiRoute, readJson } from '@/lib/http/route';
import { updateUser } from '@/lib/users/manage-users';

export const PATCH = apiRoute<{ id: string }>('admin:users', async ({ req, actor, params }) => ({
  user: await updateUser(actor, params.id, await readJson(req)),
}));
