import OpenAI from 'openai';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Prisma } from '@prisma/client';
import type { z } from 'zod';
import { prisma } from '@/lib/db/prisma';
import type { LlmConfig } from './config';
import { renderPrompt, type RenderedPrompt } from './prompts';

/** Why an LLM step failed; stored on the run as a readable reason. */
export class LlmError extends Error {
  constructor(
    readonly reason: 'invalid_output' | 'timeout' | 'http' | 'aborted',
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export type StructuredCall<T> = {
  runId: string;
  step: string;
  model: string;
  prompt: RenderedPrompt;
  schema: z.ZodType<T>;
  config: LlmConfig;
  signal?: AbortSignal;
};

export type StructuredResult<T> = { data: T; raw: string; promptTokens: number; completionTokens: number };

const SYSTEM = 'You reply with exactly one JSON object and nothing else.';

let clientKey = '';
let client: OpenAI | undefined;
let limiter: { n: number; limit: LimitFunction } | undefined;

/** One SDK client per endpoint settings; the SDK retries 408/409/429/5xx and timeouts with exponential backoff. */
function sdk(cfg: LlmConfig): OpenAI {
  const key = `${cfg.baseURL}|${cfg.apiKey}|${cfg.timeoutMs}|${cfg.maxRetries}`;
  if (!client || key !== clientKey) {
    client = new OpenAI({
      baseURL: cfg.baseURL,
      apiKey: cfg.apiKey,
      timeout: cfg.timeoutMs,
      maxRetries: cfg.maxRetries,
    });
    clientKey = key;
  }
  return client;
}

/** Process-wide cap on concurrent LLM requests (batch runs share one endpoint). */
function limit(cfg: LlmConfig): LimitFunction {
  if (!limiter || limiter.n !== cfg.concurrency) limiter = { n: cfg.concurrency, limit: pLimit(cfg.concurrency) };
  return limiter.limit;
}

/**
 * Asks for JSON, validates it with zod, and on invalid output makes exactly one
 * repair request before failing with the reason. Every request (including the
 * repair) is recorded as an LlmCall row with tokens and duration.
 */
export async function completeStructured<T>(call: StructuredCall<T>): Promise<StructuredResult<T>> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: call.prompt.text },
  ];
  let promptTokens = 0;
  let completionTokens = 0;
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const reply = await request(call, messages, attempt);
    promptTokens += reply.promptTokens;
    completionTokens += reply.completionTokens;
    const parsed = parseJson(reply.content, call.schema);
    if (parsed.ok) return { data: parsed.data, raw: reply.content, promptTokens, completionTokens };
    problem = parsed.problem;
    const repair = renderPrompt('repair', { problem });
    messages.push({ role: 'assistant', content: reply.content }, { role: 'user', content: repair.text });
  }
  throw new LlmError(
    'invalid_output',
    `${call.step}: the model returned invalid output twice (one repair attempt made): ${problem}`,
  );
}

async function request(
  call: StructuredCall<unknown>,
  messages: OpenAI.Chat.ChatCompletionMessageParam[],
  attempt: number,
) {
  const started = Date.now();
  const record = (data: { response?: string; error?: string; promptTokens?: number; completionTokens?: number }) =>
    prisma.llmCall.create({
      data: {
        runId: call.runId,
        step: attempt > 1 ? `${call.step}:repair` : call.step,
        model: call.model,
        promptVersion: call.prompt.version,
        promptHash: call.prompt.hash,
        request: { messages } as unknown as Prisma.InputJsonValue,
        durationMs: Date.now() - started,
        attempt,
        ...data,
      },
    });
  try {
    // No temperature: reasoning models reject anything but the default; the zod check and repair give stability instead.
    const res = await limit(call.config)(() =>
      sdk(call.config).chat.completions.create(
        { model: call.model, messages: [...messages], response_format: { type: 'json_object' } },
        { signal: call.signal },
      ),
    );
    const content = res.choices[0]?.message?.content ?? '';
    const usage = { promptTokens: res.usage?.prompt_tokens ?? 0, completionTokens: res.usage?.completion_tokens ?? 0 };
    await record({ response: content, ...usage });
    return { content, ...usage };
  } catch (e) {
    const err = toLlmError(e, call);
    await record({ error: err.message });
    throw err;
  }
}

function toLlmError(e: unknown, call: StructuredCall<unknown>): LlmError {
  if (e instanceof LlmError) return e;
  if (e instanceof OpenAI.APIConnectionTimeoutError) {
    return new LlmError(
      'timeout',
      `${call.step}: the LLM request timed out after ${call.config.timeoutMs} ms (${call.config.maxRetries} retries)`,
    );
  }
  if (e instanceof OpenAI.APIUserAbortError || call.signal?.aborted)
    return new LlmError('aborted', `${call.step}: the run was cancelled`);
  // Nothing answered (refused, unknown host): said so, not "the endpoint answered with an error".
  if (e instanceof OpenAI.APIConnectionError) {
    const cause = (e.cause as Error | undefined)?.message ?? e.message;
    return new LlmError(
      'http',
      `${call.step}: cannot reach the LLM endpoint ${call.config.baseURL} (${cause}): check OPENAI_BASE_URL (Admin → LLM → Test connection)`,
    );
  }
  if (e instanceof OpenAI.APIError) {
    return new LlmError('http', `${call.step}: the LLM endpoint answered ${e.status ?? 'with an error'}: ${e.message}`);
  }
  return new LlmError('http', `${call.step}: the LLM request failed: ${(e as Error).message}`);
}

/** Accepts a bare JSON object or one wrapped in a ``` fence; anything else is invalid. */
export function parseJson<T>(
  content: string,
  schema: z.ZodType<T>,
): { ok: true; data: T } | { ok: false; problem: string } {
  const text = content.trim().replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i, '$1');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problem: `not valid JSON (${(e as Error).message})` };
  }
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  return {
    ok: false,
    problem: r.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; '),
  };
}
