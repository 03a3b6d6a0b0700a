/**
 * What one span says about an agent's run, from its attributes alone: pure functions, no database,
 * shared by the OTLP receiver and any adapter of exports that keep the original attributes
 * (a Langfuse observation's metadata.attributes). Reads the OpenTelemetry GenAI conventions (the
 * current `gen_ai.input.messages` / `gen_ai.output.messages` and the older `gen_ai.prompt.N.*` /
 * `gen_ai.completion.N.*`) and OpenInference (`llm.*`, `tool.*`, `input.value` / `output.value`).
 * Exports: mapSpanAttributes, spanMessages, type SpanMapping / SpanMessage / SpanToolCall.
 */
import type { AttributeMap } from './received-span';

export type SpanToolCall = { id: string | null; name: string; arguments: unknown };
export type SpanMessage = {
  role: string;
  content: string | null;
  toolCalls: SpanToolCall[];
  /** For a tool result message: the call it answers. */
  toolCallId: string | null;
};
export type SpanKind = 'llm' | 'tool' | 'agent' | 'other';
export type SpanMapping = {
  kind: SpanKind;
  model: string | null;
  usage: { inputTokens: number | null; outputTokens: number | null; totalTokens: number | null } | null;
  /** System instructions given to the model, when the span carries them apart from the messages. */
  systemInstructions: string | null;
  input: SpanMessage[];
  output: SpanMessage[];
  tool: { name: string; callId: string | null; arguments: unknown; result: string | null } | null;
  /** The span's error (status ERROR, `error.type`, an exception event), or null. */
  error: string | null;
  /** The attribute keys this mapping read: everything else is the caller's to keep as metadata. */
  read: string[];
};

const LLM_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content', 'completion']);
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent']);

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

/** Messages in the current GenAI shape: [{ role, parts: [{ type: text | tool_call | tool_call_response }] }]. */
function partsMessages(value: unknown): SpanMessage[] {
  const list = parseMaybeJson(value);
  if (!Array.isArray(list)) return [];
  const out: SpanMessage[] = [];
  for (const m of list) {
    if (!m || typeof m !== 'object') continue;
    const msg = m as { role?: unknown; parts?: unknown; content?: unknown };
    const role = str(msg.role) ?? 'user';
    const parts = Array.isArray(msg.parts) ? (msg.parts as Record<string, unknown>[]) : [];
    const texts: string[] = [];
    const toolCalls: SpanToolCall[] = [];
    let toolCallId: string | null = null;
    if (!parts.length && msg.content != null) texts.push(str(msg.content)!);
    for (const p of parts) {
      if (p?.type === 'tool_call')
        toolCalls.push({ id: str(p.id), name: str(p.name) ?? '', arguments: parseMaybeJson(p.arguments) });
      else if (p?.type === 'tool_call_response') {
        toolCallId = str(p.id);
        texts.push(str(p.response ?? p.result) ?? '');
      } else if (p?.content != null) texts.push(str(p.content)!);
    }
    out.push({ role, content: texts.length ? texts.join('\n') : null, toolCalls, toolCallId });
  }
  return out;
}

/** Indexed attributes `<prefix>.<N>.<rest>` grouped by N, in index order. */
function indexed(attrs: AttributeMap, prefix: string, read: Set<string>): Map<number, Record<string, unknown>> {
  const groups = new Map<number, Record<string, unknown>>();
  const head = `${prefix}.`;
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(head)) continue;
    const rest = key.slice(head.length);
    const dot = rest.indexOf('.');
    const n = Number(dot < 0 ? rest : rest.slice(0, dot));
    if (!Number.isInteger(n) || dot < 0) continue;
    read.add(key);
    const g = groups.get(n) ?? {};
    g[rest.slice(dot + 1)] = value;
    groups.set(n, g);
  }
  return new Map([...groups.entries()].sort((a, b) => a[0] - b[0]));
}

/** Tool calls among a message's flattened fields: `<prefix>.<M>.<id|name|arguments>` under `callKeys`. */
function flatToolCalls(
  fields: Record<string, unknown>,
  prefix: string,
  keys: { id: string; name: string; args: string },
) {
  const calls = new Map<number, SpanToolCall>();
  for (const [k, v] of Object.entries(fields)) {
    if (!k.startsWith(`${prefix}.`)) continue;
    const rest = k.slice(prefix.length + 1);
    const dot = rest.indexOf('.');
    const m = Number(rest.slice(0, dot));
    if (dot < 0 || !Number.isInteger(m)) continue;
    const field = rest.slice(dot + 1);
    const call = calls.get(m) ?? { id: null, name: '', arguments: null };
    if (field === keys.id) call.id = str(v);
    else if (field === keys.name) call.name = str(v) ?? '';
    else if (field === keys.args) call.arguments = parseMaybeJson(v);
    calls.set(m, call);
  }
  return [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
}

/** OpenInference `llm.input_messages.N.message.*` (content, or contents.K.message_content.text). */
function openInferenceMessages(attrs: AttributeMap, prefix: string, read: Set<string>): SpanMessage[] {
  return [...indexed(attrs, prefix, read).values()].map((f) => {
    const texts = Object.entries(f)
      .filter(([k]) => /^message\.contents\.\d+\.message_content\.text$/.test(k))
      .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
      .map(([, v]) => str(v) ?? '');
    const content = f['message.content'] != null ? str(f['message.content']) : texts.length ? texts.join('\n') : null;
    return {
      role: str(f['message.role']) ?? 'user',
      content,
      toolCalls: flatToolCalls(f, 'message.tool_calls', {
        id: 'tool_call.id',
        name: 'tool_call.function.name',
        args: 'tool_call.function.arguments',
      }),
      toolCallId: str(f['message.tool_call_id']),
    };
  });
}

/** The older GenAI `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`. */
function legacyMessages(attrs: AttributeMap, prefix: string, read: Set<string>): SpanMessage[] {
  return [...indexed(attrs, prefix, read).values()].map((f) => ({
    role: str(f.role) ?? (prefix.endsWith('completion') ? 'assistant' : 'user'),
    content: str(f.content),
    toolCalls: flatToolCalls(f, 'tool_calls', { id: 'id', name: 'name', args: 'arguments' }),
    toolCallId: str(f.tool_call_id),
  }));
}

/** The messages a span's attributes carry, whichever convention they follow (first one found wins). */
export function spanMessages(attrs: AttributeMap, read: Set<string> = new Set()) {
  const take = (key: string) => (attrs[key] != null ? (read.add(key), attrs[key]) : undefined);
  const pick = (...candidates: (() => SpanMessage[])[]) => {
    for (const c of candidates) {
      const found = c();
      if (found.length) return found;
    }
    return [];
  };
  const input = pick(
    () => partsMessages(take('gen_ai.input.messages')),
    () => openInferenceMessages(attrs, 'llm.input_messages', read),
    () => legacyMessages(attrs, 'gen_ai.prompt', read),
  );
  const output = pick(
    () => partsMessages(take('gen_ai.output.messages')),
    () => openInferenceMessages(attrs, 'llm.output_messages', read),
    () => legacyMessages(attrs, 'gen_ai.completion', read),
  );
  return { input, output };
}

function spanKind(attrs: AttributeMap, hasMessages: boolean): SpanKind {
  const op = str(attrs['gen_ai.operation.name'])?.toLowerCase();
  const oi = str(attrs['openinference.span.kind'])?.toUpperCase();
  if (op === 'execute_tool' || oi === 'TOOL') return 'tool';
  if ((op && LLM_OPERATIONS.has(op)) || oi === 'LLM') return 'llm';
  if ((op && AGENT_OPERATIONS.has(op)) || oi === 'AGENT') return 'agent';
  return hasMessages ? 'llm' : 'other';
}

export type SpanFacts = {
  attributes: AttributeMap;
  /** Status code 2 = ERROR (OTLP Status.StatusCode). */
  status?: { code: number; message: string };
  events?: { name: string; attributes: AttributeMap }[];
};

/** Maps one span's attributes (and status and events, for errors) to what the run did in it. */
export function mapSpanAttributes({ attributes: attrs, status, events = [] }: SpanFacts): SpanMapping {
  const read = new Set<string>();
  const take = (...keys: string[]) => {
    for (const k of keys)
      if (attrs[k] != null) {
        read.add(k);
        return attrs[k];
      }
    return undefined;
  };
  const { input, output } = spanMessages(attrs, read);
  const kind = spanKind(attrs, input.length + output.length > 0);
  take('gen_ai.operation.name', 'openinference.span.kind');
  const model = str(take('gen_ai.response.model', 'gen_ai.request.model', 'llm.model_name'));
  const inputTokens = num(take('gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens', 'llm.token_count.prompt'));
  const outputTokens = num(
    take('gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens', 'llm.token_count.completion'),
  );
  const totalTokens = num(take('llm.token_count.total', 'gen_ai.usage.total_tokens'));
  const usage =
    (inputTokens ?? outputTokens ?? totalTokens)
      ? { inputTokens, outputTokens, totalTokens: totalTokens ?? (inputTokens ?? 0) + (outputTokens ?? 0) }
      : null;
  const tool =
    kind === 'tool'
      ? {
          name: str(take('gen_ai.tool.name', 'tool.name')) ?? '',
          callId: str(take('gen_ai.tool.call.id', 'tool_call.id')),
          arguments: parseMaybeJson(take('gen_ai.tool.call.arguments', 'tool.parameters', 'input.value', 'input')),
          result: str(take('gen_ai.tool.call.result', 'output.value', 'output')),
        }
      : null;
  const exception = events.find((e) => e.name === 'exception');
  const errorType = str(take('error.type'));
  const error =
    status?.code === 2 || errorType || exception
      ? ((status?.message ||
          str(exception?.attributes['exception.message']) ||
          errorType ||
          'the span ended with an error') ??
        null)
      : null;
  return {
    kind,
    model,
    usage,
    systemInstructions: str(take('gen_ai.system_instructions')),
    input,
    output,
    tool,
    error,
    read: [...read],
  };
}
