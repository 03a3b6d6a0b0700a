/**
 * What one span says about an agent's run, from its attributes alone: pure functions, no database,
 * shared by the OTLP receiver (lib/otlp) and the Langfuse export adapter (a Langfuse observation keeps
 * the original attributes in metadata.attributes). Reads the OpenTelemetry GenAI conventions (the
 * current `gen_ai.input.messages` / `gen_ai.output.messages`, the older `gen_ai.prompt.N.*` /
 * `gen_ai.completion.N.*`, `gen_ai.tool.*`), OpenInference (`llm.*`, `tool.*`, `input.value` /
 * `output.value`) and the Vercel AI SDK's `ai.*` where the others are missing.
 */

export type Attributes = Record<string, unknown>;
export type SpanToolCall = { id: string | null; name: string; arguments: unknown };
export type SpanMessage = {
  role: string;
  /** Null when the message has no text (a tool-call-only assistant turn). */
  content: string | null;
  toolCalls: SpanToolCall[];
  /** For a tool result message: the call it answers. */
  toolCallId: string | null;
};
export type SpanKind = 'llm' | 'tool' | 'agent' | 'other';
export type SpanUsage = { inputTokens: number | null; outputTokens: number | null; totalTokens: number | null };
export type SpanTool = { name: string | null; callId: string | null; arguments: unknown; result: string | null };
export type SpanMapping = {
  kind: SpanKind;
  model: string | null;
  usage: SpanUsage | null;
  /** System instructions given to the model, when the span carries them apart from the messages. */
  systemInstructions: string | null;
  input: SpanMessage[];
  output: SpanMessage[];
  tool: SpanTool | null;
  /** The span's error (status ERROR, `error.type`, an exception event), or null. */
  error: string | null;
  /** The attribute keys this mapping read: everything else is the caller's to keep as metadata. */
  read: string[];
};
export type SpanFacts = {
  attributes: Attributes;
  /** Status code 2 = ERROR (OTLP Status.StatusCode). */
  status?: { code: number; message: string };
  events?: { name: string; attributes: Attributes }[];
};

type Tree = { [key: string]: unknown };
const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'completion']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

const isObj = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  v == null ? null : typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** A JSON string parsed, or the value itself when it is not JSON text. */
export function parseMaybeJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return v;
  try {
    return JSON.parse(t);
  } catch {
    return v;
  }
}

/** The first of `keys` the span has, noting it as read. */
function take(attrs: Attributes, read: Set<string>, ...keys: string[]): unknown {
  for (const k of keys)
    if (attrs[k] != null) {
      read.add(k);
      return attrs[k];
    }
  return undefined;
}

/** `prefix.0.a.b = x` keys → `[{a: {b: x}}]` (index order, gaps skipped). */
function indexed(attrs: Attributes, prefix: string, read: Set<string>): Tree[] {
  const byIndex = new Map<number, Tree>();
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const [index, ...path] = key.slice(prefix.length + 1).split('.');
    if (!/^\d+$/.test(index) || !path.length) continue;
    read.add(key);
    let node = byIndex.get(Number(index)) ?? {};
    byIndex.set(Number(index), node);
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (isObj(node[part]) ? node[part] : (node[part] = {})) as Tree;
    });
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** The children of a node written as `key.0…`, `key.1…` (already nested by `indexed`), in index order. */
const list = (node: unknown): Tree[] =>
  isObj(node)
    ? Object.keys(node)
        .filter((k) => /^\d+$/.test(k))
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => node[k])
        .filter(isObj)
    : [];

/** OpenInference: `llm.{input,output}_messages.N.message.{role, content, contents.M.message_content.text, tool_calls.M.tool_call.*, tool_call_id}`. */
function openInferenceMessages(attrs: Attributes, prefix: string, read: Set<string>): SpanMessage[] {
  return indexed(attrs, prefix, read).map((entry) => {
    const m = isObj(entry.message) ? entry.message : entry;
    const parts = list(m.contents)
      .map((c) => (isObj(c.message_content) ? str(c.message_content.text) : null))
      .filter((t): t is string => t != null);
    return {
      role: str(m.role) ?? 'user',
      content: m.content != null ? str(m.content) : parts.length ? parts.join('\n') : null,
      toolCalls: list(m.tool_calls).map((tc) => {
        const c = isObj(tc.tool_call) ? tc.tool_call : tc;
        const fn = isObj(c.function) ? c.function : {};
        return { id: str(c.id), name: str(fn.name) ?? 'unknown', arguments: parseMaybeJson(fn.arguments) };
      }),
      toolCallId: str(m.tool_call_id),
    };
  });
}

/** Older GenAI: `gen_ai.{prompt,completion}.N.{role, content, tool_calls.M.{id, name, arguments}, tool_call_id}`. */
function legacyMessages(attrs: Attributes, prefix: string, read: Set<string>): SpanMessage[] {
  return indexed(attrs, prefix, read).map((m) => ({
    role: str(m.role) ?? (prefix.endsWith('completion') ? 'assistant' : 'user'),
    content: str(m.content),
    toolCalls: list(m.tool_calls).map((c) => ({
      id: str(c.id),
      name: str(c.name) ?? (isObj(c.function) ? str(c.function.name) : null) ?? 'unknown',
      arguments: parseMaybeJson(c.arguments ?? (isObj(c.function) ? c.function.arguments : undefined)),
    })),
    toolCallId: str(m.tool_call_id),
  }));
}

/**
 * Current GenAI: a JSON list of `{role, parts: [{type: text | tool_call | tool_call_response, …}]}`.
 * Each tool response becomes a message of its own (role tool), as the other conventions have it, so a
 * message answering several calls keeps every answer.
 */
function partsMessages(value: unknown): SpanMessage[] {
  const parsed = parseMaybeJson(value);
  if (!Array.isArray(parsed)) return [];
  const out: SpanMessage[] = [];
  for (const m of parsed.filter(isObj)) {
    const parts = Array.isArray(m.parts) ? m.parts.filter(isObj) : [];
    const responses = parts.filter((p) => p.type === 'tool_call_response');
    for (const r of responses)
      out.push({ role: 'tool', content: str(r.response ?? r.result) ?? '', toolCalls: [], toolCallId: str(r.id) });
    if (responses.length && responses.length === parts.length) continue;
    const texts = parts
      .filter((p) => p.type !== 'tool_call' && p.type !== 'tool_call_response' && p.content != null)
      .map((p) => str(p.content)!);
    if (!parts.length && m.content != null) texts.push(str(m.content)!);
    out.push({
      role: str(m.role) ?? 'user',
      content: texts.length ? texts.join('\n') : null,
      toolCalls: parts
        .filter((p) => p.type === 'tool_call')
        .map((p) => ({ id: str(p.id), name: str(p.name) ?? 'unknown', arguments: parseMaybeJson(p.arguments) })),
      toolCallId: null,
    });
  }
  return out;
}

/** A Vercel AI SDK content part list (or plain string) as text, tool calls and tool results. */
function vercelParts(content: unknown) {
  const parts = typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content : [];
  const objs = parts.filter(isObj);
  return {
    text: objs.filter((p) => p.type === 'text' && p.text != null).map((p) => str(p.text)!),
    calls: objs
      .filter((p) => p.type === 'tool-call')
      .map((p) => ({
        id: str(p.toolCallId),
        name: str(p.toolName) ?? 'unknown',
        arguments: parseMaybeJson(p.input ?? p.args),
      })),
    results: objs.filter((p) => p.type === 'tool-result'),
  };
}

/**
 * Vercel AI SDK model calls (`ai.*.doGenerate` / `doStream` spans): `ai.prompt.messages` (a JSON list of
 * `{role, content: string | parts}`, parts `text` / `tool-call` / `tool-result`) in, `ai.response.text` and
 * `ai.response.toolCalls` (`[{toolCallId, toolName, args | input}]`) out. Only read on those spans: the
 * enclosing `ai.generateText` span repeats the last response, and is not a model call.
 */
function vercelMessages(attrs: Attributes, read: Set<string>): { input: SpanMessage[]; output: SpanMessage[] } {
  if (!/\.do(Generate|Stream)$/.test(str(attrs['ai.operationId']) ?? '')) return { input: [], output: [] };
  const input: SpanMessage[] = [];
  const prompt = parseMaybeJson(take(attrs, read, 'ai.prompt.messages'));
  for (const m of Array.isArray(prompt) ? prompt.filter(isObj) : []) {
    const { text, calls, results } = vercelParts(m.content);
    for (const r of results)
      input.push({
        role: 'tool',
        content: str(r.output ?? r.result) ?? '',
        toolCalls: [],
        toolCallId: str(r.toolCallId),
      });
    if (results.length && !text.length && !calls.length) continue;
    input.push({
      role: str(m.role) ?? 'user',
      content: text.length ? text.join('\n') : null,
      toolCalls: calls,
      toolCallId: null,
    });
  }
  const text = str(take(attrs, read, 'ai.response.text'));
  const calls = parseMaybeJson(take(attrs, read, 'ai.response.toolCalls'));
  const toolCalls = (Array.isArray(calls) ? calls.filter(isObj) : []).map((c) => ({
    id: str(c.toolCallId),
    name: str(c.toolName) ?? 'unknown',
    arguments: parseMaybeJson(c.input ?? c.args),
  }));
  const output =
    text || toolCalls.length ? [{ role: 'assistant', content: text || null, toolCalls, toolCallId: null }] : [];
  return { input, output };
}

/** The messages a span's attributes carry, whichever convention they follow (the first one found wins). */
export function spanMessages(attrs: Attributes, read: Set<string> = new Set()) {
  const pick = (...candidates: (() => SpanMessage[])[]) => {
    for (const c of candidates) {
      const found = c();
      if (found.length) return found;
    }
    return [];
  };
  const input = pick(
    () => partsMessages(take(attrs, read, 'gen_ai.input.messages')),
    () => openInferenceMessages(attrs, 'llm.input_messages', read),
    () => legacyMessages(attrs, 'gen_ai.prompt', read),
  );
  const output = pick(
    () => partsMessages(take(attrs, read, 'gen_ai.output.messages')),
    () => openInferenceMessages(attrs, 'llm.output_messages', read),
    () => legacyMessages(attrs, 'gen_ai.completion', read),
  );
  if (input.length || output.length) return { input, output };
  return vercelMessages(attrs, read);
}

/**
 * LLM, tool or agent span, from `gen_ai.operation.name`, `openinference.span.kind` or the Vercel AI
 * SDK's `ai.operationId`; a span that says none of these but carries messages is a model call.
 */
export function spanKind(attrs: Attributes, hasMessages = false): SpanKind {
  const op = str(attrs['gen_ai.operation.name'])?.toLowerCase();
  const oi = str(attrs['openinference.span.kind'])?.toUpperCase();
  const ai = str(attrs['ai.operationId']);
  if (op === 'execute_tool' || oi === 'TOOL' || ai === 'ai.toolCall') return 'tool';
  if ((op && LLM_OPERATIONS.has(op)) || oi === 'LLM' || (ai && /\.do(Generate|Stream)$/.test(ai))) return 'llm';
  if ((op && AGENT_OPERATIONS.has(op)) || oi === 'AGENT' || oi === 'CHAIN' || ai) return 'agent';
  return hasMessages ? 'llm' : 'other';
}

/** A tool span's call: name, call id, arguments and result (GenAI, OpenInference, Vercel AI SDK). */
export function toolExecution(attrs: Attributes, read: Set<string> = new Set()): SpanTool {
  const args = take(
    attrs,
    read,
    'gen_ai.tool.call.arguments',
    'tool.parameters',
    'input.value',
    'input',
    'ai.toolCall.args',
  );
  return {
    name: str(take(attrs, read, 'gen_ai.tool.name', 'tool.name', 'ai.toolCall.name')),
    callId: str(take(attrs, read, 'gen_ai.tool.call.id', 'tool_call.id', 'ai.toolCall.id')),
    arguments: parseMaybeJson(args) ?? null,
    result: str(take(attrs, read, 'gen_ai.tool.call.result', 'output.value', 'output', 'ai.toolCall.result')),
  };
}

/** The model: the one that answered (`gen_ai.response.model`, the exact version) before the one asked for. */
export function spanModel(attrs: Attributes, read: Set<string> = new Set()): string | null {
  return str(
    take(
      attrs,
      read,
      'gen_ai.response.model',
      'gen_ai.request.model',
      'llm.model_name',
      'ai.response.model',
      'ai.model.id',
    ),
  );
}

/** Token usage from GenAI or OpenInference counts; the total is the sum when the span gives none. */
export function spanUsage(attrs: Attributes, read: Set<string> = new Set()): SpanUsage | null {
  const inputTokens = num(
    take(attrs, read, 'gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt'),
  );
  const outputTokens = num(
    take(attrs, read, 'gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion'),
  );
  const totalTokens = num(take(attrs, read, 'llm.token_count.total', 'gen_ai.usage.total_tokens'));
  if (inputTokens == null && outputTokens == null && totalTokens == null) return null;
  return { inputTokens, outputTokens, totalTokens: totalTokens ?? (inputTokens ?? 0) + (outputTokens ?? 0) };
}

/** Maps one span's attributes (and status and events, for errors) to what the run did in it. */
export function mapSpanAttributes({ attributes: attrs, status, events = [] }: SpanFacts): SpanMapping {
  const read = new Set<string>();
  // A tool span's messages (if any) are never events: not read, so they stay in the event's metadata.
  const said = spanKind(attrs);
  const { input, output } = said === 'tool' ? { input: [], output: [] } : spanMessages(attrs, read);
  const kind = said === 'other' ? spanKind(attrs, input.length + output.length > 0) : said;
  take(attrs, read, 'gen_ai.operation.name', 'openinference.span.kind');
  const model = spanModel(attrs, read);
  const usage = spanUsage(attrs, read);
  const tool = kind === 'tool' ? toolExecution(attrs, read) : null;
  const exception = events.find((e) => e.name === 'exception');
  const errorType = str(take(attrs, read, 'error.type'));
  const error =
    status?.code === 2 || errorType || exception
      ? status?.message ||
        str(exception?.attributes['exception.message']) ||
        errorType ||
        'the span ended with an error'
      : null;
  const systemInstructions = str(take(attrs, read, 'gen_ai.system_instructions'));
  return { kind, model, usage, systemInstructions, input, output, tool, error, read: [...read] };
}
