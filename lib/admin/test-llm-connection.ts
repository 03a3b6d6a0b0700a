import OpenAI from 'openai';
import { z } from 'zod';
import { requirePermission, type Actor } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors';
import { getLlmConfig, type LlmConfig } from '@/lib/llm/config';

/**
 * Admin → LLM "Test connection": one tiny chat completion per model, with the
 * server's endpoint and key, answered with what is wrong in the admin's terms
 * (which variable or field to fix). Before, a wrong URL, key or model showed
 * only when a reflection run failed, as "the LLM endpoint answered with an
 * error: Connection error." even when nothing had answered at all.
 * Changes nothing, so it writes no audit entry.
 */
const modelName = z.string().trim().min(1, 'Enter a model name').max(200, 'At most 200 characters');
export const testLlmInputSchema = z
  .object({
    // The models as typed in the form (tested before saving); omitted: the saved ones.
    models: z.array(modelName).min(1).max(3).optional(),
  })
  .strict();

export type LlmProblem = 'unreachable' | 'key' | 'model' | 'timeout' | 'http';
export type LlmModelCheck = { model: string; ok: boolean; ms: number; problem?: LlmProblem; message?: string };
export type LlmConnectionReport = { host: string; checks: LlmModelCheck[] };

// Long enough for a cold local model to answer a one-word prompt; short enough that the admin is not left waiting.
const TEST_TIMEOUT_MS = 20_000;

export async function testLlmConnection(actor: Actor, input: unknown): Promise<LlmConnectionReport> {
  requirePermission(actor, 'admin:settings');
  const { models: typed } = testLlmInputSchema.parse(input ?? {});
  const config = await getLlmConfig();
  if (!config.baseURL) {
    throw new AppError(
      'CONFLICT',
      'No LLM endpoint is configured: set OPENAI_BASE_URL (and OPENAI_API_KEY if it needs one) in the server environment and restart',
      [{ path: 'OPENAI_BASE_URL', message: 'not set' }],
    );
  }
  const models = [...new Set(typed ?? Object.values(config.models))];
  const client = new OpenAI({
    baseURL: config.baseURL,
    apiKey: config.apiKey,
    timeout: Math.min(config.timeoutMs, TEST_TIMEOUT_MS),
    maxRetries: 0,
  });
  const checks = await Promise.all(models.map((model) => checkModel(client, config, model)));
  return { host: new URL(config.baseURL).host, checks };
}

async function checkModel(client: OpenAI, config: LlmConfig, model: string): Promise<LlmModelCheck> {
  const started = Date.now();
  try {
    await client.chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'Reply with the JSON object {"ok": true}.' }],
    });
    return { model, ok: true, ms: Date.now() - started };
  } catch (e) {
    return { model, ok: false, ms: Date.now() - started, ...explain(e, config, model) };
  }
}

/** What went wrong, naming the setting to fix. */
export function explain(
  e: unknown,
  config: Pick<LlmConfig, 'baseURL' | 'timeoutMs'>,
  model: string,
): { problem: LlmProblem; message: string } {
  const url = config.baseURL ?? '';
  if (e instanceof OpenAI.APIConnectionTimeoutError) {
    return {
      problem: 'timeout',
      message: `${url} did not answer within ${Math.min(config.timeoutMs, TEST_TIMEOUT_MS) / 1000} s: is the server up and the model loaded?`,
    };
  }
  if (e instanceof OpenAI.APIConnectionError) {
    const cause = (e.cause as Error | undefined)?.message ?? e.message;
    return {
      problem: 'unreachable',
      message: `Cannot reach ${url} (${cause}): check OPENAI_BASE_URL and that the server is running`,
    };
  }
  if (e instanceof OpenAI.APIError) {
    const said = e.message.replace(/^\d{3}\s*/, '');
    if (e.status === 401 || e.status === 403)
      return { problem: 'key', message: `${url} refused the API key (${e.status} ${said}): check OPENAI_API_KEY` };
    if (e.status === 404 && /model/i.test(said))
      return { problem: 'model', message: `${url} has no model "${model}" (${said}): check the model name` };
    if (e.status === 404) {
      return {
        problem: 'unreachable',
        message: `${url}/chat/completions does not exist (404): OPENAI_BASE_URL should be the API root, usually ending in /v1`,
      };
    }
    if (e.status === 400 && /model/i.test(said))
      return { problem: 'model', message: `${url} refused the model "${model}" (400 ${said}): check the model name` };
    return { problem: 'http', message: `${url} answered ${e.status ?? 'with an error'}: ${said}` };
  }
  return { problem: 'http', message: `The request failed: ${(e as Error).message}` };
}
