import { z } from 'zod';
import { diffCardVersions, getCardVersion } from '@/lib/cards/get-card-version';
import { apiRoute } from '@/lib/http/route';

const versionNumber = z.coerce
  .number({ error: 'a version number (1, 2, …)' })
  .int('a version number (1, 2, …)')
  .min(1, 'a version number (1, 2, …)');
// Parsed as named fields so a refusal says which one is wrong ("compare: a version number"), not a bare "expected number".
const querySchema = z.object({ number: versionNumber, compare: versionNumber.optional() });

/** One version: content + provenance; `?compare=<n>` adds the field diff from version n to this one. */
export const GET = apiRoute<{ cardId: string; number: string }>('cards:read', async ({ req, actor, params }) => {
  const { number, compare } = querySchema.parse({
    number: params.number,
    compare: req.nextUrl.searchParams.get('compare') || undefined,
  });
  const version = await getCardVersion(actor, params.cardId, number);
  return { version, ...(compare ? { diff: await diffCardVersions(actor, params.cardId, compare, number) } : {}) };
});
