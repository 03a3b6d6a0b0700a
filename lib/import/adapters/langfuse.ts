import type { NativeEvent } from '../native-schema';
import { brokenJsonItem, streamJsonPieces } from './json-stream';
import { langfuseScores } from './langfuse-scores';
import { arr, isObj, nativeRecord, parseArguments, str, type Json } from './shared';
import {
  spanKind,
  spanMessages,
  spanModel,
  spanUsage,
  toolExecution,
  type Attributes,
  type SpanKind,
  type SpanMessage,
  type SpanToolCall,
} from '@/lib/otel/span-attributes';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { type Adapter, type ItemWarning, type SourceItem } from './types';

export const LANGFUSE_BENCHMARK = 'langfuse';

/** Langfuse keeps an OTel-ingested span's attributes in `metadata` (an object or its JSON text). */
function metadataOf(o: Json): { attributes: Attributes; resource: Attributes } {
  let meta: unknown = o.metadata;
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta);
    } catch {
      meta = {};
    }
  }
  const m = isObj(meta) ? meta : {};
  return {
    attributes: isObj(m.attributes) ? m.attributes : {},
    resource: isObj(m.resourceAttributes) ? m.resourceAttributes : {},
  };
}

const parsed = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
const textOf = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));

/** Message content as chat APIs write it: a string or a list of parts (`{type: text, text}`, …). */
function contentOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return arr(content)
    .filter(isObj)
    .map((p) => str(p.text) ?? str(p.content) ?? '')
    .filter(Boolean)
    .join('\n');
}

/** Observation `input` when the attributes hold no messages: an OpenAI-style chat list, Vercel content parts, or `{prompt}`. */
function messagesFromInput(input: unknown): SpanMessage[] {
  const v = parsed(input);
  if (isObj(v) && typeof v.prompt === 'string')
    return [{ role: 'user', content: v.prompt, toolCalls: [], toolCallId: null }];
  return arr(v)
    .filter(isObj)
    .filter((m) => typeof m.role === 'string')
    .map((m) => ({
      role: str(m.role)!,
      content: contentOf(m.content),
      toolCalls: [],
      toolCallId: str(m.tool_call_id) ?? null,
    }));
}

/** Observation `output`/`toolCalls` when the attributes hold none: Vercel `[{toolCallId, toolName, input}]`, an OpenAI Responses object, a chat message or text. */
function messagesFromOutput(o: Json): SpanMessage[] {
  const calls: SpanToolCall[] = [];
  const texts: string[] = [];
  const take = (item: Json) => {
    if (str(item.toolName) || str(item.toolCallId))
      calls.push({
        id: str(item.toolCallId) ?? null,
        name: str(item.toolName) ?? 'unknown',
        arguments: parsed(item.input ?? item.args),
      });
    else if (item.type === 'function_call')
      calls.push({
        id: str(item.call_id) ?? null,
        name: str(item.name) ?? 'unknown',
        arguments: parsed(item.arguments),
      });
    else if (isObj(item.function))
      calls.push({
        id: str(item.id) ?? null,
        name: str(item.function.name) ?? 'unknown',
        arguments: parsed(item.function.arguments),
      });
    else if (item.type === 'message' || item.role === 'assistant') {
      const t = contentOf(item.content);
      if (t) texts.push(t);
      arr(item.tool_calls).filter(isObj).forEach(take);
    }
  };
  for (const c of arr(o.toolCalls).filter(isObj)) take(c);
  const out = parsed(o.output);
  if (typeof out === 'string') texts.push(out);
  else if (Array.isArray(out)) out.filter(isObj).forEach(take);
  else if (isObj(out)) {
    if (Array.isArray(out.output)) out.output.filter(isObj).forEach(take);
    else take(out);
  }
  return calls.length || texts.length
    ? [{ role: 'assistant', content: texts.join('\n'), toolCalls: calls, toolCallId: null }]
    : [];
}

/** The bank release and cards a run used (`memory_console.bank_release` / `.card_ids`, a list or comma-separated), for round comparisons. */
function memoryOf(attrs: Attributes): { memory?: { bank_release: string | null; card_ids: string[] } } {
  const release = str(attrs['memory_console.bank_release']) ?? null;
  const raw = attrs['memory_console.card_ids'];
  const cards = (Array.isArray(raw) ? raw.map(String) : (str(raw)?.split(',') ?? []))
    .map((c) => c.trim())
    .filter(Boolean);
  return release || cards.length ? { memory: { bank_release: release, card_ids: cards } } : {};
}

const KINDS: Record<string, SpanKind> = {
  GENERATION: 'llm',
  TOOL: 'tool',
  AGENT: 'agent',
  CHAIN: 'agent',
  SPAN: 'other',
};
const APP = 'agent';
const toolOf = (name: string) => `${APP}.${name.replace(/[^\w.-]/g, '_').replace(/^[^A-Za-z_]+/, '') || 'unknown'}`;

/**
 * One `{trace, observations}` export → a native record. Observations in start
 * order map like spans (lib/otel/span-attributes.ts): a model span gives the messages it
 * was newly given and the text and tool calls it produced; a tool span gives the
 * observation of its call (and the call, when no model span showed it); an
 * observation at level ERROR gives an error. A model span wrapping other model
 * spans (the Vercel AI SDK's `ai.generateText`) repeats them and is skipped.
 */
export function langfuseTraceToNative(doc: Json, at: string, opts: { model?: string }) {
  const trace = isObj(doc.trace) ? doc.trace : {};
  const warnings: ItemWarning[] = [];
  const observations = arr(doc.observations ?? trace.observations)
    .filter(isObj)
    .map((o, i) => ({ o, i, ...metadataOf(o) }))
    .sort((a, b) => String(a.o.startTime ?? '').localeCompare(String(b.o.startTime ?? '')) || a.i - b.i);
  const kindOf = (x: (typeof observations)[number]) => {
    const k = spanKind(x.attributes);
    return k === 'other' ? (KINDS[str(x.o.type) ?? ''] ?? 'other') : k;
  };
  const llmParents = new Set(observations.filter((x) => kindOf(x) === 'llm').map((x) => str(x.o.parentObservationId)));

  const events: NativeEvent[] = [];
  const firstEvent = new Map<string, number>();
  const seenMessages = new Set<string>();
  const calls = new Map<string, string>(); // call id → tool
  const answered = new Set<string>();
  let model: string | null = null;
  const usage = { input: 0, output: 0 };
  const push = (obsId: string, e: NativeEvent) => {
    if (!firstEvent.has(obsId)) firstEvent.set(obsId, events.length);
    events.push(e);
  };
  const pushCall = (obsId: string, c: SpanToolCall) => {
    if (c.id && calls.has(c.id)) return;
    const tool = toolOf(c.name);
    if (c.id) calls.set(c.id, tool);
    push(obsId, { source: 'agent', type: 'tool_call', tool, arguments: parseArguments(c.arguments), call_id: c.id });
  };

  for (const x of observations) {
    const id = str(x.o.id) ?? `#${x.i}`;
    const kind = kindOf(x);
    if (kind === 'llm' && !llmParents.has(id)) {
      model ??= spanModel(x.attributes) ?? str(x.o.model) ?? null;
      const u = spanUsage(x.attributes);
      const ud = isObj(x.o.usageDetails) ? x.o.usageDetails : {};
      usage.input += u?.inputTokens ?? (typeof ud.input === 'number' ? ud.input : 0);
      usage.output += u?.outputTokens ?? (typeof ud.output === 'number' ? ud.output : 0);
      const fromAttributes = spanMessages(x.attributes);
      let input = fromAttributes.input;
      if (!input.length) input = messagesFromInput(x.o.input);
      for (const msg of input) {
        const m = { ...msg, content: msg.content ?? '' };
        if (m.role === 'tool') {
          if (m.toolCallId && answered.has(m.toolCallId)) continue;
          if (m.toolCallId) answered.add(m.toolCallId);
          push(id, {
            source: 'environment',
            type: 'observation',
            tool: (m.toolCallId && calls.get(m.toolCallId)) || null,
            call_id: m.toolCallId,
            content: m.content,
          });
          continue;
        }
        if (m.role === 'assistant') {
          m.toolCalls.forEach((c) => pushCall(id, c));
          if (m.content.trim() && !seenMessages.has(`assistant:${m.content}`)) {
            seenMessages.add(`assistant:${m.content}`);
            push(id, { source: 'agent', type: 'message', content: m.content });
          }
          continue;
        }
        const key = `${m.role}:${m.content}`;
        if (!m.content.trim() || seenMessages.has(key)) continue;
        seenMessages.add(key);
        if (m.role === 'system' || m.role === 'developer')
          push(id, { source: 'environment', type: 'notification', content: m.content, metadata: { role: m.role } });
        else push(id, { source: 'user', type: 'message', content: m.content });
      }
      let output = fromAttributes.output;
      if (!output.length) output = messagesFromOutput(x.o);
      for (const m of output) {
        const content = m.content ?? '';
        if (content.trim()) {
          seenMessages.add(`assistant:${content}`);
          push(id, { source: 'agent', type: 'message', content });
        }
        m.toolCalls.forEach((c) => pushCall(id, c));
      }
    } else if (kind === 'tool') {
      const t = toolExecution(x.attributes);
      const name = t.name ?? str(x.o.name) ?? 'unknown';
      const args = t.arguments ?? parsed(x.o.input);
      // OpenInference tool spans carry no call id: the earliest unanswered call of this tool is theirs.
      const callId =
        t.callId ??
        [...calls.entries()].find(([cid, tool]) => tool === toolOf(name) && !answered.has(cid))?.[0] ??
        null;
      if (!callId || !calls.has(callId)) pushCall(id, { id: callId, name, arguments: args });
      if (callId) answered.add(callId);
      const failed = x.o.level === 'ERROR';
      push(id, {
        source: 'environment',
        type: 'observation',
        tool: toolOf(name),
        call_id: callId,
        content: t.result ?? (x.o.output != null ? textOf(parsed(x.o.output)) : (str(x.o.statusMessage) ?? '')),
        error: failed,
      });
    } else if (x.o.level === 'ERROR') {
      push(id, {
        source: 'environment',
        type: 'notification',
        content: str(x.o.statusMessage) ?? `${str(x.o.name) ?? 'span'} failed`,
        error: true,
      });
    }
  }

  const scores = langfuseScores(arr(trace.scores), (obsId) => firstEvent.get(obsId) ?? null);
  warnings.push(...scores.warnings.map((w) => ({ ...w, path: at ? `${at}.${w.path}` : w.path })));
  const root = observations.find((x) => !x.o.parentObservationId);
  const attr = (k: string) => str(root?.attributes[k]) ?? str(root?.resource[k]);
  const firstUser = events.find((e) => e.source === 'user' && e.type === 'message');
  const results = scores.results;
  const traceId = str(trace.id);
  if (!traceId)
    return { error: { path: at ? `${at}.trace.id` : 'trace.id', reason: 'a Langfuse trace needs its "id"' } };
  const instruction =
    attr('memory_console.task.instruction') ?? firstUser?.content ?? str(trace.name) ?? 'Langfuse trace';
  return {
    warnings,
    record: nativeRecord({
      task: {
        id: attr('memory_console.task.id') ?? str(trace.sessionId) ?? str(trace.name) ?? 'unassigned',
        benchmark: attr('memory_console.benchmark') ?? LANGFUSE_BENCHMARK,
        instruction: instruction || 'Langfuse trace',
        apps: [APP],
        checkpoints: scores.definitions,
        // The instruction is this trace's first user message, not a property of the task: not part of its identity.
        metadata: attr('memory_console.task.instruction') ? {} : { instruction_source: 'first_user_message' },
      },
      trajectory: {
        id: `langfuse:${traceId}`,
        model: model ?? opts.model ?? 'unknown',
        agent: attr('gen_ai.agent.name') ?? str(root?.o.name) ?? null,
        trial:
          Number.isInteger(Number(attr('memory_console.trial'))) && attr('memory_console.trial')
            ? Number(attr('memory_console.trial'))
            : null,
        outcome: {
          passed: results.length > 0 && results.every((r) => r.passed),
          score: results.length
            ? results.reduce((s, r) => s + (r.score ?? (r.passed ? 1 : 0)), 0) / results.length
            : null,
          reason: results.length ? null : 'the trace has no scores',
        },
        feedback: 'checkpoint_binary',
        ...memoryOf(root ? { ...root.resource, ...root.attributes } : {}),
        metadata: {
          langfuse_trace_name: trace.name ?? null,
          session_id: trace.sessionId ?? null,
          user_id: trace.userId ?? null,
          tags: trace.tags ?? null,
          usage: { ...usage, total: usage.input + usage.output },
          ...(warnings.length ? { [DATA_QUALITY_KEY]: warnings } : {}),
        },
      },
      events,
      checkpoints: results,
    }),
  };
}

function traceItem(value: unknown, index: number, at: string, opts: { model?: string }): SourceItem {
  if (!isObj(value) || !isObj(value.trace))
    return {
      kind: 'error',
      recordIndex: index,
      path: at,
      reason: 'a Langfuse export is {trace, observations}: this entry has no "trace" object',
    };
  const out = langfuseTraceToNative(value, at, opts);
  if (out.error) return { kind: 'error', recordIndex: index, ...out.error };
  return { kind: 'record', recordIndex: index, record: out.record, warnings: out.warnings };
}

/** Langfuse trace exports: one `{trace, observations}` object or a JSON list of them, streamed. */
export const langfuseAdapter: Adapter = async function* (input, opts) {
  const top: Json = {};
  let count = 0;
  try {
    for await (const piece of streamJsonPieces(input, { arrayKeys: [], wholeKeys: ['trace', 'observations'] })) {
      if (piece.key === '') {
        count++;
        yield traceItem(piece.value, piece.index!, `[${piece.index}]`, opts);
      } else top[piece.key] = piece.value;
    }
  } catch (err) {
    yield brokenJsonItem(err, [''], `the JSON is malformed or truncated after ${count} traces`);
    return;
  }
  if (count === 0) {
    if (!isObj(top.trace)) {
      yield {
        kind: 'error',
        path: 'trace',
        reason: 'no Langfuse trace found: an export is {trace, observations} or a list of them',
      };
      return;
    }
    yield traceItem(top, 0, '', opts);
  }
};
