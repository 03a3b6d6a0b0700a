import { z } from 'zod';
import { toolNameSchema } from '@/lib/cards/card-schemas';
import { BLOCK_TOKEN_CAP } from './render';

/**
 * Request and response of `POST /api/retrieve`. The route validates with these
 * and the OpenAPI document (lib/openapi/document.ts) is generated from them.
 */
export const CURRENT_BANK = 'current';

export const releaseRefSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .describe(
    'A release name, or "current" for the live bank. Default: the newest release (the live bank when none exists).',
  );

export const retrieveRequestSchema = z
  .object({
    task: z
      .string()
      .trim()
      .min(1, 'task text is required')
      .max(20_000)
      .describe('The task instruction the agent is about to work on.'),
    apps: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .optional()
      .describe(
        'Apps the task touches: boost skill cards (never gate them) and select which apps function cards come from.',
      ),
    ability: z.string().trim().min(1).max(100).nullish().describe('The ability bank; omitted = every bank.'),
    release: releaseRefSchema.optional(),
    function: toolNameSchema
      .optional()
      .describe('App.function the agent is about to call: adds the pre-tool reminder.'),
    k: z
      .number()
      .int()
      .min(1)
      .max(10)
      .optional()
      .describe('How many skill cards to rank (default 3; the block holds at most 3).'),
  })
  .strict();
export type RetrieveRequest = z.infer<typeof retrieveRequestSchema>;

export const scorePartsSchema = z.object({
  bm25: z
    .number()
    .describe(
      'Text score: BM25 with field weights (title and trigger above the rule body), filler terms down-weighted by their share of the whole bank, and the words of the task\'s goal clauses ("you want to …") weighted above its scenario text.',
    ),
  fields: z
    .record(z.string(), z.number())
    .describe(
      'How bm25 splits over the card fields (skill: title, applies_when, tags, core_rule; function: tool, what_it_does, usage_rules).',
    ),
  appBonus: z.number(),
  mismatchPenalty: z.number(),
  total: z.number(),
});

const rankedCardFields = {
  key: z
    .string()
    .describe('Card id, e.g. skill::skill_a1f0c3 or function::mail.search_messages; record these as memory.card_ids.'),
  version: z.number().int().describe('Version number of the card in this bank.'),
  versionId: z.string(),
  score: scorePartsSchema,
  matchedTerms: z.array(z.string()).describe('Query terms (stemmed) the card contains.'),
  fillerTerms: z
    .array(z.string())
    .describe('Matched terms common across the whole bank, counted at a fraction of their weight.'),
  inBlock: z.boolean().describe('Whether the card made it into the rendered block (budget and block limits).'),
};

export const retrieveResponseSchema = z.object({
  release: z.string().describe('The release that answered, or "current".'),
  block: z.string().describe('The task-start block to inject; empty when nothing was retrieved.'),
  tokens: z.number().int(),
  budget: z.literal(BLOCK_TOKEN_CAP),
  skillCards: z.array(z.object({ ...rankedCardFields, title: z.string(), ability: z.string().nullable() })),
  functionCards: z.array(z.object({ ...rankedCardFields, tool: z.string() })),
  minScore: z
    .object({
      skill: z
        .number()
        .describe('Least bm25 of a skill card: a share of the weight of a term on one card of the bank.'),
      function: z.number().describe('The same for function cards.'),
      shareOfBest: z.number().describe("A card also needs this share of the best card's bm25 for the same task."),
    })
    .describe(
      'The floors a card must reach to be retrieved: a bank with few relevant cards returns fewer, not filler.',
    ),
  functionScope: z
    .object({
      apps: z.array(z.string()).describe('App families function cards were drawn from; empty = all apps.'),
      from: z.enum(['task apps', 'ability bank apps', 'all apps']),
      note: z
        .string()
        .nullable()
        .describe('Set when no app was given, e.g. "No app given: function cards from all apps."'),
    })
    .describe('Which apps the function cards come from.'),
  preTool: z
    .object({
      function: z.string(),
      key: z.string().nullable(),
      version: z.number().int().nullable(),
      block: z.string(),
      tokens: z.number().int(),
    })
    .optional(),
  memory: z
    .object({ bank_release: z.string().nullable(), card_ids: z.array(z.string()) })
    .describe('Ready to copy into the next import: trajectory.memory of the run this block was injected into.'),
});
export type RetrieveResponse = z.infer<typeof retrieveResponseSchema>;
