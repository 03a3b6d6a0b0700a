import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { prisma } from '@/lib/db/prisma';
import type { LlmConfig } from '@/lib/llm/config';
import { renderPrompt } from '@/lib/llm/prompts';
import { completeStructured, LlmError } from '@/lib/llm/structured-call';
import { reply, startFakeOpenAi, type FakeOpenAi } from '../../helpers/fake-openai-server';

let server: FakeOpenAi;
let runId: string;
const schema = z.object({ answer: z.number() });

beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(async () => server.close());
beforeEach(async () => {
  server.requests.length = 0;
  server.arrivals.length = 0;
  server.queue.length = 0;
  runId = (await prisma.reflectionRun.create({ data: { provider: 'OPENAI', status: 'RUNNING' } })).id;
});

const config = (over: Partial<LlmConfig> = {}): LlmConfig => ({
  configured: true,
  baseURL: server.url,
  apiKey: 'test-key',
  models: { reflector: 'fake-model', curator: 'fake-model', function_cards: 'fake-model' },
  timeoutMs: 5_000,
  maxRetries: 2,
  concurrency: 2,
  ...over,
});

const call = (over: Partial<LlmConfig> = {}) =>
  completeStructured({
    runId,
    step: 'reflector',
    model: 'fake-model',
    prompt: renderPrompt('repair', { problem: 'test' }),
    schema,
    config: config(over),
  });

describe('structured LLM calls through the openai SDK over HTTP', () => {
  it('says an endpoint that nothing answers at cannot be reached, naming OPENAI_BASE_URL', async () => {
    const err = await call({ baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect((err as LlmError).message).toMatch(
      /^reflector: cannot reach the LLM endpoint http:\/\/127\.0\.0\.1:9\/v1 \(.+\): check OPENAI_BASE_URL/,
    );
  });

  it('returns validated JSON and records the call with tokens, prompt version and duration', async () => {
    server.queue.push(reply.json({ answer: 42 }, { prompt: 120, completion: 7 }));
    const res = await call();
    expect(res.data).toEqual({ answer: 42 });
    expect(res.promptTokens).toBe(120);
    const calls = await prisma.llmCall.findMany({ where: { runId } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      step: 'reflector',
      model: 'fake-model',
      promptVersion: 'repair@1',
      promptTokens: 120,
      completionTokens: 7,
      attempt: 1,
    });
    expect(calls[0].promptHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('repairs invalid JSON once and succeeds, recording both requests', async () => {
    server.queue.push(reply.text('Sure! {"answer": 4'), reply.json({ answer: 4 }));
    const res = await call();
    expect(res.data.answer).toBe(4);
    expect(server.requests[1].messages.at(-1)!.content).toMatch(/could not be used: not valid JSON/);
    const steps = (await prisma.llmCall.findMany({ where: { runId }, orderBy: { attempt: 'asc' } })).map((c) => c.step);
    expect(steps).toEqual(['reflector', 'reflector:repair']);
  });

  it('also repairs JSON that does not match the schema', async () => {
    server.queue.push(reply.json({ answer: 'four' }), reply.json({ answer: 4 }));
    expect((await call()).data.answer).toBe(4);
    expect(server.requests[1].messages.at(-1)!.content).toMatch(/answer/);
  });

  it('fails with the reason after a second invalid reply', async () => {
    server.queue.push(reply.text('nope'), reply.text('still nope'));
    const err = await call().catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.reason).toBe('invalid_output');
    expect(err.message).toMatch(/invalid output twice/);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 500 with backoff and then succeeds', async () => {
    // No retry-after header: the wait between the attempts is the client's own backoff (the SDK starts at ~0.5 s).
    server.queue.push(reply.status(500, 'boom', null), reply.status(500, 'boom', null), reply.json({ answer: 1 }));
    expect((await call()).data.answer).toBe(1);
    expect(server.requests).toHaveLength(3);
    const [first, second] = [server.arrivals[1] - server.arrivals[0], server.arrivals[2] - server.arrivals[1]];
    expect(first).toBeGreaterThanOrEqual(300);
    // Exponential: the second wait is longer than the first's minimum.
    expect(second).toBeGreaterThanOrEqual(600);
  });

  it('waits as long as the server asks (retry-after) before retrying', async () => {
    server.queue.push(reply.status(503, 'busy', 400), reply.json({ answer: 3 }));
    expect((await call()).data.answer).toBe(3);
    expect(server.arrivals[1] - server.arrivals[0]).toBeGreaterThanOrEqual(400);
  });

  it('retries a 429 too', async () => {
    server.queue.push(reply.status(429, 'slow down'), reply.json({ answer: 2 }));
    expect((await call()).data.answer).toBe(2);
  });

  it('gives up after the configured retries with the HTTP status in the reason', async () => {
    // A success waits behind the failures: one request more than the retries allow would reach it.
    server.queue.push(reply.status(503), reply.status(503), reply.status(503), reply.json({ answer: 9 }));
    const err = await call({ maxRetries: 2 }).catch((e) => e);
    expect(server.requests).toHaveLength(3);
    expect(err.reason).toBe('http');
    expect(err.message).toMatch(/503/);
    expect((await prisma.llmCall.findFirstOrThrow({ where: { runId } })).error).toMatch(/503/);
  });

  it('times out a request that never answers', async () => {
    server.queue.push(reply.hang());
    const started = Date.now();
    const err = await call({ timeoutMs: 300, maxRetries: 0 }).catch((e) => e);
    expect(err.reason).toBe('timeout');
    expect(err.message).toMatch(/timed out after 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    server.respond(() => ({ ...reply.json({ answer: 0 }), delayMs: 100 }));
    const results = await Promise.all(Array.from({ length: 6 }, () => call({ concurrency: 2 })));
    expect(results).toHaveLength(6);
    expect(server.peakInFlight()).toBe(2);
  });
});
