import { z } from 'zod';

/** The answer of `GET /api/retrieve/quality`, for the OpenAPI document (lib/retrieval/retrieval-quality.ts computes it). */
const metricsSchema = z.object({
  queries: z.number().int().describe('Labelled queries with a relevant card of this kind.'),
  recall: z.number(),
  precision: z.number().describe('Over the cards returned (the ranking returns fewer than k rather than filler).'),
  mrr: z.number(),
  ndcg: z.number(),
});
export const retrievalQualitySchema = z.object({
  release: z.string(),
  k: z.number().int(),
  labelledQueries: z.number().int(),
  skill: metricsSchema,
  function: metricsSchema,
  rows: z.array(
    z.object({
      task: z.string(),
      ability: z.string().nullable(),
      kind: z.enum(['skill', 'function']),
      recall: z.number(),
      precision: z.number(),
      reciprocalRank: z.number(),
      ndcg: z.number(),
      returned: z.array(z.string()),
      relevant: z.array(z.string()),
      missed: z.array(z.string()).describe('Relevant cards not in the top k.'),
    }),
  ),
  unknownKeys: z.array(z.string()).describe('Labelled card keys that are not cards of this bank.'),
});
