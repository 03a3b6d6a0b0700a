/**
 * What a span's attributes say, in the OpenTelemetry GenAI conventions
 * (`gen_ai.input.messages` / `gen_ai.output.messages`, the older
 * `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`, `gen_ai.tool.*`) and
 * OpenInference (`llm.input_messages.N.message.*`, `tool.name`, `input.value`,
 * `output.value`). Pure functions over a flat attribute map, shared by every
 * importer of spans (Langfuse exports, the OTLP receiver).
 */

export type Attributes = Record<string, unknown>;
export type SpanToolCall = { id: string | null; name: string; arguments: unknown };
export type SpanMessage = { role: string; content: string; toolCalls: SpanToolCall[]; toolCallId: string | null };
export type SpanKind = 'llm' | 'tool' | 'agent' | 'other';
export type SpanUsage = { input?: number; output?: number; total?: number };

type Tree = { [key: string]: Tree | unknown };
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** `prefix.0.a.b = x` keys → `[{a: {b: x}}]` (index order, gaps skipped). */
export function indexed(attrs: Attributes, prefix: string): Tree[] {
  const byIndex = new Map<number, Tree>();
  for (const [key, value] of Object.entries(attrs)) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const [index, ...path] = key.slice(prefix.length + 1).split('.');
    if (!/^\d+$/.test(index)) continue;
    let node = byIndex.get(Number(index)) ?? {};
    byIndex.set(Number(index), node);
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (isObj(node[part]) ? node[part] : (node[part] = {})) as Tree;
    });
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

/** The children of `node.<key>` written as `key.0…`, `key.1…` (already nested by `indexed`). */
const list = (node: unknown): Tree[] =>
  isObj(node)
    ? Object.keys(node)
        .filter((k) => /^\d+$/.test(k))
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => node[k])
        .filter(isObj)
    : [];

/** OpenInference: `llm.{input,output}_messages.N.message.{role, content, contents.M.message_content.text, tool_calls.M.tool_call.*, tool_call_id}`. */
function openInferenceMessages(attrs: Attributes, prefix: string): SpanMessage[] {
  return indexed(attrs, prefix).map((entry) => {
    const m = isObj(entry.message) ? entry.message : entry;
    const parts = list(m.contents).map((c) => (isObj(c.message_content) ? s(c.message_content.text) : undefined));
    return {
      role: s(m.role) ?? 'unknown',
      content: s(m.content) ?? parts.filter(Boolean).join('\n'),
      toolCalls: list(m.tool_calls).map((tc) => {
        const c = isObj(tc.tool_call) ? tc.tool_call : tc;
        const fn = isObj(c.function) ? c.function : {};
        return {
          id: s(c.id) ?? null,
          name: s(fn.name) ?? 'unknown',
          arguments: parseJson(fn.arguments) ?? fn.arguments,
        };
      }),
      toolCallId: s(m.tool_call_id) ?? null,
    };
  });
}

/** Older GenAI: `gen_ai.{prompt,completion}.N.{role, content, tool_calls.M.{id, name, arguments}, tool_call_id}`. */
function genAiIndexedMessages(attrs: Attributes, prefix: string): SpanMessage[] {
  return indexed(attrs, prefix).map((m) => ({
    role: s(m.role) ?? 'unknown',
    content: s(m.content) ?? '',
    toolCalls: list(m.tool_calls).map((c) => ({
      id: s(c.id) ?? null,
      name: s(c.name) ?? (isObj(c.function) ? s(c.function.name) : undefined) ?? 'unknown',
      arguments: parseJson(c.arguments) ?? c.arguments,
    })),
    toolCallId: s(m.tool_call_id) ?? null,
  }));
}

/** Current GenAI: a JSON list of `{role, parts: [{type: text|tool_call|tool_call_response, …}]}`. */
export function genAiJsonMessages(value: unknown): SpanMessage[] {
  const parsed = parseJson(value);
  if (!Array.isArray(parsed)) return [];
  const out: SpanMessage[] = [];
  for (const m of parsed.filter(isObj)) {
    const parts = Array.isArray(m.parts) ? m.parts.filter(isObj) : [];
    const responses = parts.filter((p) => p.type === 'tool_call_response');
    // A tool response is a message of its own per call (role tool), as the other conventions have it.
    for (const r of responses)
      out.push({
        role: 'tool',
        content: typeof r.response === 'string' ? r.response : JSON.stringify(r.response ?? ''),
        toolCalls: [],
        toolCallId: s(r.id) ?? null,
      });
    if (responses.length === parts.length && parts.length) continue;
    out.push({
      role: s(m.role) ?? 'unknown',
      content: parts
        .filter((p) => p.type === 'text')
        .map((p) => s(p.content) ?? '')
        .join('\n'),
      toolCalls: parts
        .filter((p) => p.type === 'tool_call')
        .map((p) => ({
          id: s(p.id) ?? null,
          name: s(p.name) ?? 'unknown',
          arguments: parseJson(p.arguments) ?? p.arguments,
        })),
      toolCallId: null,
    });
  }
  return out;
}

/** The messages a model span was given, in whichever convention the span uses. */
export function inputMessages(attrs: Attributes): SpanMessage[] {
  if (attrs['gen_ai.input.messages'] != null) return genAiJsonMessages(attrs['gen_ai.input.messages']);
  const oi = openInferenceMessages(attrs, 'llm.input_messages');
  return oi.length ? oi : genAiIndexedMessages(attrs, 'gen_ai.prompt');
}

/** The messages (and the tool calls in them) a model span produced. */
export function outputMessages(attrs: Attributes): SpanMessage[] {
  if (attrs['gen_ai.output.messages'] != null) return genAiJsonMessages(attrs['gen_ai.output.messages']);
  const oi = openInferenceMessages(attrs, 'llm.output_messages');
  return oi.length ? oi : genAiIndexedMessages(attrs, 'gen_ai.completion');
}

/** LLM, tool or agent span, from `openinference.span.kind`, `gen_ai.operation.name` or the Vercel AI SDK's `ai.operationId`. */
export function spanKind(attrs: Attributes): SpanKind {
  const oi = s(attrs['openinference.span.kind'])?.toUpperCase();
  if (oi === 'LLM') return 'llm';
  if (oi === 'TOOL') return 'tool';
  if (oi === 'AGENT' || oi === 'CHAIN') return 'agent';
  const op = s(attrs['gen_ai.operation.name']);
  if (op === 'chat' || op === 'text_completion' || op === 'generate_content') return 'llm';
  if (op === 'execute_tool') return 'tool';
  if (op === 'invoke_agent' || op === 'create_agent') return 'agent';
  const ai = s(attrs['ai.operationId']);
  if (ai === 'ai.toolCall') return 'tool';
  if (ai && /\.do(Generate|Stream)$/.test(ai)) return 'llm';
  if (ai) return 'agent';
  return 'other';
}

/** A tool span's call: name, call id, arguments and result (GenAI, OpenInference, Vercel AI SDK). */
export function toolExecution(attrs: Attributes): {
  name: string | null;
  callId: string | null;
  arguments: unknown;
  result: string | null;
} {
  const args = attrs['gen_ai.tool.call.arguments'] ?? attrs['input.value'] ?? attrs['ai.toolCall.args'];
  const result = attrs['gen_ai.tool.call.result'] ?? attrs['output.value'] ?? attrs['ai.toolCall.result'];
  return {
    name: s(attrs['gen_ai.tool.name']) ?? s(attrs['tool.name']) ?? s(attrs['ai.toolCall.name']) ?? null,
    callId: s(attrs['gen_ai.tool.call.id']) ?? s(attrs['tool_call.id']) ?? s(attrs['ai.toolCall.id']) ?? null,
    arguments: parseJson(args) ?? args ?? null,
    result: result == null ? null : typeof result === 'string' ? result : JSON.stringify(result),
  };
}

/** The model: `gen_ai.request.model` (what was asked for), else the response's or OpenInference's name. */
export function spanModel(attrs: Attributes): string | null {
  return (
    s(attrs['gen_ai.request.model']) ??
    s(attrs['llm.model_name']) ??
    s(attrs['gen_ai.response.model']) ??
    s(attrs['ai.model.id']) ??
    null
  );
}

/** Token usage, from GenAI or OpenInference counts. */
export function spanUsage(attrs: Attributes): SpanUsage | null {
  const input =
    num(attrs['gen_ai.usage.input_tokens']) ??
    num(attrs['gen_ai.usage.prompt_tokens']) ??
    num(attrs['llm.token_count.prompt']);
  const output =
    num(attrs['gen_ai.usage.output_tokens']) ??
    num(attrs['gen_ai.usage.completion_tokens']) ??
    num(attrs['llm.token_count.completion']);
  const total = num(attrs['llm.token_count.total']) ?? (input != null && output != null ? input + output : undefined);
  return input == null && output == null && total == null ? null : { input, output, total };
}
