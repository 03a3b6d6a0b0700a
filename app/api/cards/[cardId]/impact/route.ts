import { readCardImpact } from '@/lib/dashboard/read-card-impact';
import { apiRoute } from '@/lib/http/route';

// GET /api/cards/<card id or key>/impact: injected vs. not, per release, with Wilson intervals.
export const GET = apiRoute<{ cardId: string }>('cards:read', async ({ actor, params }) =>
  readCardImpact(actor, decodeURIComponent(params.cardId)),
);
