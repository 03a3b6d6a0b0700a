import type { NativeEvent, NativeRecordInput } from '@/lib/import/native-schema';
import { parseArguments, toolName } from '@/lib/import/adapters/shared';
import { mapSpanAttributes, type SpanMapping, type SpanMessage } from '@/lib/otel/span-attributes';
import { ROOT_SPAN_ERROR, TERMINATION_REASON_KEY } from '@/lib/trajectories/termination';
import type { AttributeMap, ReceivedSpan } from './received-span';

/**
 * The attributes (on the root span, or the resource) that say which task, benchmark and memory a run
 * belongs to (docs/send-traces.md). Without a task id the trace lands under UNASSIGNED_TASK.
 */
export const CONTEXT_ATTRIBUTES = {
  taskId: 'memory_console.task.id',
  benchmark: 'memory_console.benchmark',
  instruction: 'memory_console.task.instruction',
  trial: 'memory_console.trial',
  passed: 'memory_console.passed',
  bankRelease: 'memory_console.bank_release',
  cardIds: 'memory_console.card_ids',
  app: 'memory_console.app',
  session: 'session.id',
  agent: 'gen_ai.agent.name',
  service: 'service.name',
} as const;

export const UNASSIGNED_TASK = { benchmark: 'otlp', id: 'unassigned' } as const;
/** The trajectory id of a trace: Trajectory.externalId; the trace id itself is also metadata.trace_id. */
export const trajectoryIdOf = (traceId: string) => `otlp-${traceId}`;

// Spans that add no event (an HTTP client span, a chain step) are listed in the trajectory's metadata up
// to this many; every span stays whole in OtlpSpan either way.
const MAX_LISTED_SPANS = 200;

const cmp = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * Span start order. Clocks often tick in milliseconds, so siblings tie: the one that ended first goes
 * first, then the one that arrived first (`seq`, staging order: exporters send spans as they end).
 */
const byStart = (a: ReceivedSpan, b: ReceivedSpan) =>
  cmp(BigInt(a.startNs), BigInt(b.startNs)) || cmp(BigInt(a.endNs), BigInt(b.endNs)) || (a.seq ?? 0) - (b.seq ?? 0);

/** The trace's root: the span without a parent, else the earliest whose parent never arrived. */
export function rootSpan(spans: ReceivedSpan[]): ReceivedSpan | null {
  const ids = new Set(spans.map((s) => s.spanId));
  return spans.find((s) => !s.parentSpanId) ?? [...spans].sort(byStart).find((s) => !ids.has(s.parentSpanId!)) ?? null;
}

function firstValue(key: string, ...maps: AttributeMap[]): unknown {
  for (const m of maps) if (m[key] != null && m[key] !== '') return m[key];
  return undefined;
}

const text = (v: unknown) => (v == null ? undefined : typeof v === 'string' ? v : JSON.stringify(v));
const appName = (v: unknown) => (text(v) ?? 'agent').replace(/[^\w-]+/g, '_').replace(/^[^A-Za-z]+/, '') || 'agent';

function cardIds(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  if (typeof v === 'string')
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

function unread(attrs: AttributeMap, read: string[]): AttributeMap | undefined {
  const skip = new Set(read);
  const rest = Object.fromEntries(Object.entries(attrs).filter(([k]) => !skip.has(k)));
  return Object.keys(rest).length ? rest : undefined;
}

/**
 * One trace's spans as a native `trajectory.v1` record (validated and written by the import path):
 * events in span start order; LLM spans give the messages new since the previous model call and the
 * tool calls the model chose; tool spans (or tool-result messages) give observations, once per call
 * id; span errors give error observations.
 */
export function spansToRecord(traceId: string, received: ReceivedSpan[]): NativeRecordInput {
  const spans = [...received].sort(byStart);
  const root = rootSpan(spans) ?? spans[0];
  const ctx = (key: string) => firstValue(key, root.attributes, root.resource);
  const app = appName(ctx(CONTEXT_ATTRIBUTES.app) ?? ctx(CONTEXT_ATTRIBUTES.agent) ?? ctx(CONTEXT_ATTRIBUTES.service));
  const taskId = text(ctx(CONTEXT_ATTRIBUTES.taskId));
  const benchmark = taskId
    ? (text(ctx(CONTEXT_ATTRIBUTES.benchmark)) ?? text(ctx(CONTEXT_ATTRIBUTES.agent)) ?? UNASSIGNED_TASK.benchmark)
    : UNASSIGNED_TASK.benchmark;

  const events: NativeEvent[] = [];
  const toolOfCall = new Map<string, string>();
  const calledIds = new Set<string>();
  const observed = new Set<string>();
  // Calls the model made that no result has answered yet, per tool: a tool span without a call id answers the oldest.
  const unanswered = new Map<string, Set<string>>();
  // Errors of spans with children are told when the span ended, after what happened inside it.
  const parents = new Set(spans.map((s) => s.parentSpanId).filter(Boolean));
  const parentOf = new Map(spans.map((s) => [s.spanId, s.parentSpanId]));
  // Model-call spans whose answer became events: a model-call span inside one of them is the same call
  // seen by a second instrumentation (a provider's span under the Vercel AI SDK's doGenerate), not a new turn.
  const toldCalls = new Set<string>();
  const insideToldCall = (s: ReceivedSpan) => {
    const seen = new Set<string>();
    for (let p = s.parentSpanId; p && !seen.has(p); p = parentOf.get(p) ?? null) {
      if (toldCalls.has(p)) return true;
      seen.add(p);
    }
    return false;
  };
  const pendingErrors: { endNs: bigint; event: NativeEvent; meta: Record<string, unknown> }[] = [];
  const listed: { span_id: string; name: string; attributes?: AttributeMap }[] = [];
  let system: string | null = null;
  let firstUser: string | null = null;
  let model: string | null = null;
  let historyLength = 0;
  const usage = { input_tokens: 0, output_tokens: 0 };

  const spanMeta = (s: ReceivedSpan, m: SpanMapping) => ({
    span_id: s.spanId,
    span_name: s.name,
    ...(m.model ? { model: m.model } : {}),
    ...(m.usage ? { usage: m.usage } : {}),
    ...(unread(s.attributes, m.read) ? { attributes: unread(s.attributes, m.read) } : {}),
  });
  const push = (e: NativeEvent, meta: Record<string, unknown> | null) =>
    events.push(meta ? { ...e, metadata: { ...(e.metadata ?? {}), ...meta } } : e);
  const toolCall = (
    c: { id: string | null; name: string; arguments: unknown },
    meta: Record<string, unknown> | null,
  ) => {
    const tool = toolName(app, c.name || 'unknown');
    if (c.id) {
      toolOfCall.set(c.id, tool);
      calledIds.add(c.id);
      unanswered.set(tool, (unanswered.get(tool) ?? new Set<string>()).add(c.id));
    }
    push({ source: 'agent', type: 'tool_call', tool, arguments: parseArguments(c.arguments), call_id: c.id }, meta);
  };
  const answer = (callId: string) => {
    observed.add(callId);
    const tool = toolOfCall.get(callId);
    if (tool) unanswered.get(tool)?.delete(callId);
  };
  const flushErrors = (before: bigint | null) => {
    pendingErrors.sort((a, b) => cmp(a.endNs, b.endNs));
    while (pendingErrors.length && (before == null || pendingErrors[0].endNs < before)) {
      const { event, meta } = pendingErrors.shift()!;
      push(event, meta);
    }
  };
  const message = (msg: SpanMessage, meta: Record<string, unknown> | null) => {
    if (msg.role === 'system' || msg.role === 'developer') {
      system ??= msg.content;
      return;
    }
    if (msg.role === 'tool') {
      if (msg.toolCallId && observed.has(msg.toolCallId)) return;
      if (msg.toolCallId) answer(msg.toolCallId);
      const tool = msg.toolCallId ? toolOfCall.get(msg.toolCallId) : undefined;
      push({ source: 'environment', type: 'observation', tool, call_id: msg.toolCallId, content: msg.content }, meta);
      return;
    }
    const source = msg.role === 'user' ? 'user' : 'agent';
    if (source === 'user') firstUser ??= msg.content;
    if (msg.content) push({ source, type: 'message', content: msg.content }, meta);
    // A call already told (by a tool span, or by an earlier span of the same model call) is not made twice.
    for (const c of msg.toolCalls) if (!c.id || !calledIds.has(c.id)) toolCall(c, meta);
  };

  for (const s of spans) {
    flushErrors(BigInt(s.startNs));
    const m = mapSpanAttributes(s);
    const meta = spanMeta(s, m);
    let wrote = false;
    const mark = () => {
      const before = events.length;
      return () => (wrote ||= events.length > before);
    };
    if (m.kind === 'llm' && insideToldCall(s)) {
      // Counted once, under the span that told it.
    } else if (m.kind === 'llm') {
      const done = mark();
      model ??= m.model;
      system ??= m.systemInstructions;
      usage.input_tokens += m.usage?.inputTokens ?? 0;
      usage.output_tokens += m.usage?.outputTokens ?? 0;
      // Each model call repeats the conversation so far: only the messages after it are new.
      for (const msg of m.input.slice(historyLength)) (message(msg, wrote ? null : meta), done());
      for (const msg of m.output)
        (message({ ...msg, role: msg.role === 'user' ? 'user' : 'assistant' }, wrote ? null : meta), done());
      // A span that carries no input (the Vercel AI SDK without recordInputs, a provider span without
      // content capture) says nothing about the history: the next call's input must not be read as new.
      historyLength = m.input.length ? m.input.length + m.output.length : historyLength + m.output.length;
      if (m.output.length) toldCalls.add(s.spanId);
    } else if (m.kind === 'tool' && m.tool) {
      const tool = toolName(app, m.tool.name || 'unknown');
      const callId = m.tool.callId ?? unanswered.get(tool)?.values().next().value ?? null;
      if (!callId || !calledIds.has(callId))
        (toolCall({ id: callId, name: m.tool.name ?? '', arguments: m.tool.arguments }, meta), (wrote = true));
      if (!callId || !observed.has(callId)) {
        if (callId) answer(callId);
        push(
          {
            source: 'environment',
            type: 'observation',
            tool,
            call_id: callId,
            content: m.error && !m.tool.result ? m.error : m.tool.result,
            error: m.error ? true : null,
          },
          wrote ? null : meta,
        );
        wrote = true;
      }
    }
    if (m.error && m.kind !== 'tool') {
      const event: NativeEvent = {
        source: 'environment',
        type: 'observation',
        content: `${s.name || 'span'} failed: ${m.error}`,
        error: true,
      };
      if (parents.has(s.spanId)) pendingErrors.push({ endNs: BigInt(s.endNs), event, meta });
      else push(event, wrote ? null : meta);
      wrote = true;
    }
    if (!wrote && listed.length < MAX_LISTED_SPANS)
      listed.push({
        span_id: s.spanId,
        name: s.name,
        ...(Object.keys(s.attributes).length ? { attributes: s.attributes } : {}),
      });
  }

  flushErrors(null);

  const rootMapping = mapSpanAttributes(root);
  const passedAttr = ctx(CONTEXT_ATTRIBUTES.passed);
  const passed =
    typeof passedAttr === 'boolean'
      ? passedAttr
      : passedAttr != null
        ? String(passedAttr) === 'true'
        : !rootMapping.error;
  const trial = Number(ctx(CONTEXT_ATTRIBUTES.trial));
  const release = text(ctx(CONTEXT_ATTRIBUTES.bankRelease));
  return {
    format: 'trajectory.v1',
    task: {
      id: taskId ?? UNASSIGNED_TASK.id,
      benchmark,
      instruction:
        text(ctx(CONTEXT_ATTRIBUTES.instruction)) ??
        firstUser ??
        (taskId ? `Task ${taskId}` : 'Traces that name no task'),
      // Guessed from a run: not part of the task's identity, so runs of one task never "conflict" over it.
      metadata: ctx(CONTEXT_ATTRIBUTES.instruction)
        ? { source: 'otlp' }
        : { source: 'otlp', instruction_source: 'first_user_message' },
    },
    trajectory: {
      id: trajectoryIdOf(traceId),
      model: model ?? text(firstValue('gen_ai.request.model', root.attributes)) ?? 'unknown',
      agent: text(ctx(CONTEXT_ATTRIBUTES.agent)) ?? text(ctx(CONTEXT_ATTRIBUTES.service)) ?? null,
      trial: Number.isInteger(trial) ? trial : null,
      outcome: {
        passed,
        reason:
          passedAttr != null
            ? `${CONTEXT_ATTRIBUTES.passed} on the trace`
            : rootMapping.error
              ? `${ROOT_SPAN_ERROR}: ${rootMapping.error}`
              : 'the root span ended without an error (no evaluation yet)',
      },
      feedback: passedAttr != null ? 'task_binary' : 'self_judge',
      memory:
        release || ctx(CONTEXT_ATTRIBUTES.cardIds)
          ? { bank_release: release ?? null, card_ids: cardIds(ctx(CONTEXT_ATTRIBUTES.cardIds)) }
          : null,
      policy: system ? { kind: 'system_prompt', text: system } : null,
      metadata: {
        trace_id: traceId,
        // The root span is the run: its error means the run did not finish, which the reason below only says in prose.
        ...(rootMapping.error ? { [TERMINATION_REASON_KEY]: ROOT_SPAN_ERROR } : {}),
        ...(ctx(CONTEXT_ATTRIBUTES.session) != null ? { session_id: text(ctx(CONTEXT_ATTRIBUTES.session)) } : {}),
        otlp: {
          root_span: { span_id: root.spanId, name: root.name, attributes: root.attributes },
          resource: root.resource,
          span_count: spans.length,
          usage,
          ...(listed.length ? { other_spans: listed } : {}),
        },
      },
    },
    events,
    checkpoints: [],
  };
}
