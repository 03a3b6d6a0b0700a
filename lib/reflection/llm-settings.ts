import type { Prisma } from '@prisma/client';
import { z } from 'zod';
import { recordAudit } from '@/lib/audit/record';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { env } from '@/lib/env';

/**
 * Model names per LLM step, edited by admins (Admin → LLM) and stored in the
 * Setting table. The endpoint and key are deliberately NOT here: they come
 * only from the server environment (OPENAI_BASE_URL / OPENAI_API_KEY), so a
 * database dump never contains a secret.
 */
export const LLM_SETTINGS_KEY = 'llm.models';
export const DEFAULT_MODEL = 'gpt-4o-mini';

const modelName = z.string().trim().min(1, 'Enter a model name').max(200);

export const llmModelsSchema = z.object({
  reflectorModel: modelName.default(DEFAULT_MODEL),
  curatorModel: modelName.default(DEFAULT_MODEL),
  functionCardModel: modelName.default(DEFAULT_MODEL),
});
export type LlmModels = z.infer<typeof llmModelsSchema>;

export type LlmStatus = LlmModels & {
  /** Whether OPENAI_BASE_URL is set; without it only the offline rule-based provider runs. */
  endpointConfigured: boolean;
  /** Host of the endpoint (never the key), for the admin page. */
  endpointHost: string | null;
  apiKeyConfigured: boolean;
  defaultProvider: 'offline' | 'openai';
};

export async function getLlmModels(): Promise<LlmModels> {
  const row = await prisma.setting.findUnique({ where: { key: LLM_SETTINGS_KEY } });
  const parsed = llmModelsSchema.safeParse(row?.value ?? {});
  // A stored value that no longer parses falls back to the defaults rather than breaking every run.
  return parsed.success ? parsed.data : llmModelsSchema.parse({});
}

export function llmEndpointConfigured(): boolean {
  return Boolean(env().OPENAI_BASE_URL);
}

/** Whatever the UI may show about the LLM set-up; readable by anyone who may run reflection. */
export async function getLlmStatus(actor: Actor): Promise<LlmStatus> {
  requirePermission(actor, 'reflection:read');
  const e = env();
  let endpointHost: string | null = null;
  if (e.OPENAI_BASE_URL) endpointHost = new URL(e.OPENAI_BASE_URL).host;
  return {
    ...(await getLlmModels()),
    endpointConfigured: Boolean(e.OPENAI_BASE_URL),
    endpointHost,
    apiKeyConfigured: Boolean(e.OPENAI_API_KEY),
    defaultProvider: 'offline',
  };
}

export async function updateLlmModels(actor: Actor, input: unknown): Promise<LlmModels> {
  requirePermission(actor, 'admin:settings');
  const value = llmModelsSchema.strict().parse(input);
  await prisma.$transaction(async (tx) => {
    const before = await tx.setting.findUnique({ where: { key: LLM_SETTINGS_KEY } });
    await tx.setting.upsert({
      where: { key: LLM_SETTINGS_KEY },
      create: { key: LLM_SETTINGS_KEY, value: value as Prisma.InputJsonValue, updatedById: actor.userId },
      update: { value: value as Prisma.InputJsonValue, updatedById: actor.userId },
    });
    await recordAudit(tx, { actorId: actor.userId, action: 'settings.llm.update', entityType: 'Setting', entityId: LLM_SETTINGS_KEY, before: before?.value, after: value });
  });
  return value;
}
