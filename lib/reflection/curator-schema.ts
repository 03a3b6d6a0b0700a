import { CardOperation } from '@prisma/client';
import { z } from 'zod';

/** LLM output envelopes. Card contents stay `unknown` here: they are validated per item, with reasons kept. */
export const reflectorOutputSchema = z.object({ deltas: z.array(z.unknown()).max(3, 'at most 3 deltas') });

export const curatorPatchSchema = z.object({
  delta_index: z.number().int().nonnegative(),
  operation: z.enum(CardOperation),
  target_card_id: z
    .string()
    .min(1)
    .nullish()
    .transform((v) => v ?? null),
  target_card_ids: z
    .array(z.string().min(1))
    .nullish()
    .transform((v) => v ?? []),
  new_or_updated_card: z
    .unknown()
    .nullish()
    .transform((v) => v ?? null),
  reason: z.string().trim().min(1, 'a patch needs a reason'),
});
export type CuratorPatch = z.input<typeof curatorPatchSchema> & z.output<typeof curatorPatchSchema>;
