import { z } from 'zod';
import { saveSettings } from '@/lib/admin/save-settings';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { getLlmConfig, LLM_MODELS_SETTING, LLM_OPTIONS_SETTING } from '@/lib/llm/config';

/**
 * The admin side of the LLM settings (Admin → LLM): models per step and call
 * options, stored in the Setting rows that `lib/llm/config.ts` reads on every
 * run. The endpoint and key are deliberately not editable here: they come only
 * from the server environment, so a database dump never contains a secret and
 * the UI never shows the key.
 */
const modelName = z.string().trim().min(1, 'Enter a model name').max(200, 'At most 200 characters');

export const llmSettingsInputSchema = z
  .object({
    models: z.object({ reflector: modelName, curator: modelName, function_cards: modelName }).strict(),
    options: z
      .object({
        timeoutMs: z.coerce
          .number()
          .int()
          .min(1000, 'At least 1000 ms')
          .max(30 * 60_000, 'At most 30 minutes'),
        maxRetries: z.coerce.number().int().min(0).max(10, 'At most 10 retries'),
        concurrency: z.coerce.number().int().min(1).max(64, 'At most 64 concurrent requests'),
      })
      .strict(),
  })
  .strict();
export type LlmSettingsInput = z.infer<typeof llmSettingsInputSchema>;

export type LlmStatus = LlmSettingsInput & {
  /** Whether OPENAI_BASE_URL is set; without it only the offline rule-based provider runs. */
  endpointConfigured: boolean;
  /** Host of the endpoint (never the key, never credentials in the URL). */
  endpointHost: string | null;
  apiKeyConfigured: boolean;
};

/** What the UI may know about the LLM set-up; readable by anyone who may run or read reflection. */
export async function getLlmStatus(actor: Actor): Promise<LlmStatus> {
  requirePermission(actor, 'reflection:read');
  const c = await getLlmConfig();
  return {
    models: c.models,
    options: { timeoutMs: c.timeoutMs, maxRetries: c.maxRetries, concurrency: c.concurrency },
    endpointConfigured: c.configured,
    endpointHost: c.baseURL ? new URL(c.baseURL).host : null,
    apiKeyConfigured: Boolean(process.env.OPENAI_API_KEY),
  };
}

export async function updateLlmSettings(actor: Actor, input: unknown): Promise<LlmStatus> {
  requirePermission(actor, 'admin:settings');
  const value = llmSettingsInputSchema.parse(input);
  await prisma.$transaction(async (tx) => {
    const keys = [LLM_MODELS_SETTING, LLM_OPTIONS_SETTING];
    const before = await tx.setting.findMany({ where: { key: { in: keys } } });
    await saveSettings(tx, actor, {
      action: 'settings.llm.update',
      values: [
        [LLM_MODELS_SETTING, value.models],
        [LLM_OPTIONS_SETTING, value.options],
      ],
      before: Object.fromEntries(before.map((b) => [b.key, b.value])),
      after: value,
    });
  });
  return getLlmStatus(actor);
}
