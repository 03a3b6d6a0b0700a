import { z } from 'zod';
import { diffCardVersions, getCardVersion } from '@/lib/cards/get-card-version';
import { apiRoute } from '@/lib/http/route';

const numberSchema = z.coerce.number().int().min(1);

/** One version: content + provenance; `?compare=<n>` adds the field diff from version n to this one. */
export const GET = apiRoute<{ cardId: string; number: string }>('cards:read', async ({ req, actor, params }) => {
  const number = numberSchema.parse(params.number);
  const compare = req.nextUrl.searchParams.get('compare');
  const version = await getCardVersion(actor, params.cardId, number);
  return { version, ...(compare ? { diff: await diffCardVersions(actor, params.cardId, numberSchema.parse(compare), number) } : {}) };
});
