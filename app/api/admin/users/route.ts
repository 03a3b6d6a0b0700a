import { apiRoute, readJson } from '@/lib/http/route';
import { createUser, listUsers } from '@/lib/users/manage-users';

export const GET = apiRoute('admin:users', async ({ actor }) => ({ users: await listUsers(actor) }));

export const POST = apiRoute('admin:users', async ({ req, actor }) => ({
  user: await createUser(actor, await readJson(req)),
}));
