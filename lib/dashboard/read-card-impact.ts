import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { notFound } from '@/lib/errors';
import { cardImpact, MIN_CHECKPOINTS, sortImpact, type ImpactRow } from './card-impact';
import { dashboardFilterSchema } from './filter-schema';

export const impactQuerySchema = dashboardFilterSchema.extend({
  sort: z
    .enum(['helpful', 'harmful', ''])
    .optional()
    .transform((v) => (v || 'helpful') as 'helpful' | 'harmful'),
});

export type CardImpactTable = { rows: ImpactRow[]; sort: 'helpful' | 'harmful'; minCheckpoints: number };

/** Every card's impact per release, most helpful (or most harmful) first. */
export async function listCardImpact(actor: Actor, input: unknown): Promise<CardImpactTable> {
  requirePermission(actor, 'dashboard:read');
  const { sort, ...filters } = impactQuerySchema.parse(input);
  return { rows: sortImpact(await cardImpact(filters), sort), sort, minCheckpoints: MIN_CHECKPOINTS };
}

export type CardImpactView = {
  card: { id: string; key: string; title: string };
  rows: ImpactRow[];
  minCheckpoints: number;
};

/** One card's impact per release, for the card page. `cardRef` is a card id or key. */
export async function readCardImpact(actor: Actor, cardRef: string): Promise<CardImpactView> {
  requirePermission(actor, 'cards:read');
  const card = await prisma.card.findFirst({
    where: { OR: [{ id: cardRef }, { key: cardRef }] },
    select: { id: true, key: true, title: true },
  });
  if (!card) throw notFound(`Card ${cardRef}`);
  // Trajectories name cards by key; ids are accepted too (both resolve to this card).
  const rows = await cardImpact({}, { cardKeys: [card.key, card.id] });
  const order = (r: ImpactRow) => r.release ?? '';
  return { card, rows: rows.sort((a, b) => order(a).localeCompare(order(b))), minCheckpoints: MIN_CHECKPOINTS };
}
