import { apiRoute } from '@/lib/http/route';

export const GET = apiRoute('cards:read', async ({ actor }) => ({
  user: { id: actor.userId, name: actor.name, email: actor.email, role: actor.role, via: actor.via },
}));
