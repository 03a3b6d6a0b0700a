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
      .describe('Apps/tools the task touches (boost, never gate).'),
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
  bm25: z.number(),
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
  matchedTerms: z.array(z.string()),
  inBlock: z.boolean().describe('Whether the card made it into the rendered block (budget and block limits).'),
};

export const retrieveResponseSchema = z.object({
  release: z.string().describe('The release that answered, or "current".'),
  block: z.string().describe('The task-start block to inject; empty when nothing was retrieved.'),
  tokens: z.number().int(),
  budget: z.literal(BLOCK_TOKEN_CAP),
  skillCards: z.array(z.object({ ...rankedCardFields, title: z.string(), ability: z.string().nullable() })),
  functionCards: z.array(z.object({ ...rankedCardFields, tool: z.string() })),
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
