import http from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { curatorDecision } from './curator-decision';
import { listenOnLoopback } from './loopback-server';

/**
 * A local OpenAI-compatible HTTP server for tests: answers
 * POST /v1/chat/completions from a per-test script, so the real `openai` SDK
 * is exercised over HTTP (retries, timeouts, JSON handling included).
 */
export type FakeReply =
  | { kind: 'json'; body: unknown; usage?: { prompt: number; completion: number }; delayMs?: number }
  | { kind: 'text'; content: string; usage?: { prompt: number; completion: number } }
  // The model chooses tools (an agent loop's turn): OpenAI's tool_calls with JSON-string arguments.
  | {
      kind: 'tool_calls';
      calls: { id: string; name: string; arguments: unknown }[];
      usage?: { prompt: number; completion: number };
    }
  // retryAfterMs: what the server asks the client to wait (null: no header, the SDK's own exponential backoff applies).
  | { kind: 'status'; status: number; message?: string; retryAfterMs?: number | null }
  | { kind: 'hang' };

export type ChatRequest = {
  model: string;
  messages: { role: string; content: string; tool_call_id?: string; tool_calls?: unknown[] }[];
};
export type Responder = (req: ChatRequest, index: number) => FakeReply;

export const reply = {
  json: (body: unknown, usage = { prompt: 100, completion: 20 }): FakeReply => ({ kind: 'json', body, usage }),
  text: (content: string): FakeReply => ({ kind: 'text', content, usage: { prompt: 50, completion: 5 } }),
  status: (status: number, message = 'fake server error', retryAfterMs: number | null = 10): FakeReply => ({
    kind: 'status',
    status,
    message,
    retryAfterMs,
  }),
  hang: (): FakeReply => ({ kind: 'hang' }),
  /** The curator's answer for delta `i`: add `card` as a new card. */
  addCard: (i: number, card: unknown): FakeReply =>
    reply.json(
      curatorDecision({ delta: i, operation: 'ADD_CARD', target: null, card, reason: 'No card states this rule' }),
    ),
  toolCalls: (...calls: { id: string; name: string; arguments: unknown }[]): FakeReply => ({
    kind: 'tool_calls',
    calls,
    usage: { prompt: 60, completion: 15 },
  }),
};

/** Which pipeline prompt a request carries (by the prompt files' opening words). */
export function stepOf(req: ChatRequest): 'reflector' | 'curator' | 'function-card' | 'repair' | 'unknown' {
  const last = req.messages.at(-1)?.content ?? '';
  if (last.startsWith('Your previous reply could not be used')) return 'repair';
  const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
  if (user.startsWith('You turn one task')) return 'reflector';
  if (user.startsWith('You maintain a compact bank')) return 'curator';
  if (user.startsWith('You write the contract of one callable tool')) return 'function-card';
  return 'unknown';
}

export type FakeOpenAi = {
  /** Base URL for the SDK (ends in /v1). */
  url: string;
  requests: ChatRequest[];
  /** When each request arrived (ms since the epoch), index for index with `requests`. */
  arrivals: number[];
  /** Most requests the server was answering at the same time. */
  peakInFlight: () => number;
  /** Replies used in order before the responder is consulted. */
  queue: FakeReply[];
  respond: (fn: Responder) => void;
  close: () => Promise<void>;
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  const arrivals: number[] = [];
  const queue: FakeReply[] = [];
  let inFlight = 0;
  let peak = 0;
  let responder: Responder = () => reply.status(500, 'no reply scripted for this request');

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      requests.push(body);
      arrivals.push(Date.now());
      inFlight++;
      peak = Math.max(peak, inFlight);
      res.on('close', () => inFlight--);
      const r = queue.shift() ?? responder(body, requests.length - 1);
      if (r.kind === 'hang') return; // never answer: the client's timeout must fire
      if (r.kind === 'status') {
        const retryAfter = r.retryAfterMs === undefined ? 10 : r.retryAfterMs;
        res.writeHead(r.status, {
          'content-type': 'application/json',
          ...(retryAfter === null ? {} : { 'retry-after-ms': String(retryAfter) }),
        });
        res.end(JSON.stringify({ error: { message: r.message, type: 'server_error' } }));
        return;
      }
      const message =
        r.kind === 'tool_calls'
          ? {
              role: 'assistant',
              content: null,
              tool_calls: r.calls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            }
          : { role: 'assistant', content: r.kind === 'json' ? JSON.stringify(r.body) : r.content };
      const usage = r.usage ?? { prompt: 0, completion: 0 };
      const send = () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message, finish_reason: r.kind === 'tool_calls' ? 'tool_calls' : 'stop' }],
            usage: {
              prompt_tokens: usage.prompt,
              completion_tokens: usage.completion,
              total_tokens: usage.prompt + usage.completion,
            },
          }),
        );
      if (r.kind === 'json' && r.delayMs) setTimeout(send, r.delayMs);
      else send();
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    arrivals,
    peakInFlight: () => peak,
    queue,
    respond: (fn) => (responder = fn),
    close,
  };
}

/**
 * One fake endpoint for a whole test file: started before its tests, with the
 * SDK pointed at it through OPENAI_BASE_URL / OPENAI_API_KEY, closed after.
 * Returns a getter (the server exists only once beforeAll has run).
 */
export function fakeOpenAiForFile(): () => FakeOpenAi {
  let server: FakeOpenAi | undefined;
  beforeAll(async () => {
    server = await startFakeOpenAi();
    process.env.OPENAI_BASE_URL = server.url;
    process.env.OPENAI_API_KEY = 'test-key';
  });
  afterAll(async () => {
    delete process.env.OPENAI_BASE_URL;
    await server?.close();
  });
  return () => server!;
}

/** The settings of a reflection run that goes through the fake endpoint: provider "openai", fake model names. */
export const FAKE_LLM_RUN = {
  provider: 'openai',
  scope: 'failed_and_passed',
  requireDiagnoses: true,
  reflectorModel: 'fake-reflector',
  curatorModel: 'fake-curator',
};

/**
 * fakeOpenAiForFile, reset before each test: no request recorded or queued, and the LLM client's
 * retries (and timeout, when given) as set here; a test may change them for itself.
 */
export function fakeOpenAiPerTest(llm: { maxRetries: number; timeoutMs?: number }): () => FakeOpenAi {
  const server = fakeOpenAiForFile();
  beforeEach(() => {
    server().requests.length = 0;
    server().queue.length = 0;
    if (llm.timeoutMs !== undefined) process.env.LLM_TIMEOUT_MS = String(llm.timeoutMs);
    process.env.LLM_MAX_RETRIES = String(llm.maxRetries);
  });
  return server;
}
