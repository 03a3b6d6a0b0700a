import { z } from 'zod';
import { prisma } from '@/lib/db/prisma';
import { environmentSchema, withoutEmptyValues } from '@/lib/env';

export type LlmStep = 'reflector' | 'curator' | 'function_cards';

/**
 * Admin-editable (Setting rows, no secrets): `llm.models` = { reflector,
 * curator, function_cards } model names; `llm.options` = { timeoutMs,
 * maxRetries, concurrency }. Endpoint and key only ever come from the
 * environment (OPENAI_BASE_URL, OPENAI_API_KEY).
 */
export const LLM_MODELS_SETTING = 'llm.models';
export const LLM_OPTIONS_SETTING = 'llm.options';

const modelsSchema = z
  .object({ reflector: z.string().min(1), curator: z.string().min(1), function_cards: z.string().min(1) })
  .partial();
const optionsSchema = z
  .object({
    timeoutMs: z.coerce.number().int().positive(),
    maxRetries: z.coerce.number().int().min(0).max(10),
    concurrency: z.coerce.number().int().min(1).max(64),
  })
  .partial();

// The LLM variables, by the rules npm start checks them with (lib/env.ts).
const envSchema = environmentSchema.pick({
  OPENAI_BASE_URL: true,
  OPENAI_API_KEY: true,
  LLM_MODEL: true,
  LLM_TIMEOUT_MS: true,
  LLM_MAX_RETRIES: true,
  LLM_CONCURRENCY: true,
});

export type LlmConfig = {
  configured: boolean;
  baseURL?: string;
  apiKey: string;
  models: Record<LlmStep, string>;
  timeoutMs: number;
  maxRetries: number;
  concurrency: number;
};

/** Read on every run (not cached) so admin changes apply to the next run without a restart. */
export async function getLlmConfig(): Promise<LlmConfig> {
  const e = envSchema.parse(withoutEmptyValues(process.env));
  const rows = await prisma.setting.findMany({ where: { key: { in: [LLM_MODELS_SETTING, LLM_OPTIONS_SETTING] } } });
  const models = modelsSchema.safeParse(rows.find((r) => r.key === LLM_MODELS_SETTING)?.value ?? {});
  const options = optionsSchema.safeParse(rows.find((r) => r.key === LLM_OPTIONS_SETTING)?.value ?? {});
  const m = models.success ? models.data : {};
  const o = options.success ? options.data : {};
  return {
    configured: Boolean(e.OPENAI_BASE_URL),
    baseURL: e.OPENAI_BASE_URL,
    // Local OpenAI-compatible servers often need no key; the SDK insists on a string.
    apiKey: e.OPENAI_API_KEY || 'not-needed',
    models: {
      reflector: m.reflector ?? e.LLM_MODEL,
      curator: m.curator ?? e.LLM_MODEL,
      function_cards: m.function_cards ?? e.LLM_MODEL,
    },
    timeoutMs: o.timeoutMs ?? e.LLM_TIMEOUT_MS,
    maxRetries: o.maxRetries ?? e.LLM_MAX_RETRIES,
    concurrency: o.concurrency ?? e.LLM_CONCURRENCY,
  };
}
