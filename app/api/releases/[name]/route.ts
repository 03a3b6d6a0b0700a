import { apiRoute } from '@/lib/http/route';
import { getRelease } from '@/lib/releases/read-release';

export const dynamic = 'force-dynamic';

export const GET = apiRoute<{ name: string }>('cards:read', async ({ actor, params }) =>
  getRelease(actor, decodeURIComponent(params.name)),
);
