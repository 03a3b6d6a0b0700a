import type { NativeEvent } from '../native-schema';
import { arr, isObj, parseArguments, str, toolName } from './shared';

/**
 * τ²-bench `messages` → native events. Tool calls keep who made them: the
 * agent's (`role: "assistant"`) and, in dual-control domains such as telecom,
 * the simulated user's (`role: "user"`, `requestor: "user"`) — the latter as
 * `source: "user"` tool calls, which anchor user-side checkpoints and never
 * count as the agent's function use.
 */
export function messagesToEvents(messages: unknown[], domain: string): NativeEvent[] {
  const events: NativeEvent[] = [];
  const toolByCall = new Map<string, string>();
  for (const m of messages.filter(isObj)) {
    const meta = { turn_idx: m.turn_idx ?? null, timestamp: m.timestamp ?? null };
    const content = str(m.content);
    if (m.role === 'assistant' || m.role === 'user') {
      const source = m.role === 'assistant' ? 'agent' : 'user';
      if (content?.trim()) events.push({ source, type: 'message', content, metadata: meta });
      for (const c of arr(m.tool_calls).filter(isObj)) {
        const tool = toolName(domain, str(c.name) ?? 'unknown');
        const callId = str(c.id) ?? null;
        if (callId) toolByCall.set(callId, tool);
        events.push({
          source,
          type: 'tool_call',
          tool,
          arguments: parseArguments(c.arguments),
          call_id: callId,
          metadata: meta,
        });
      }
    } else if (m.role === 'tool') {
      const callId = str(m.id) ?? null;
      events.push({
        source: 'environment',
        type: 'observation',
        tool: (callId && toolByCall.get(callId)) || null,
        call_id: callId,
        content: content ?? '',
        error: m.error === true,
        metadata: { ...meta, requestor: m.requestor ?? null },
      });
    } else if (content?.trim()) {
      events.push({
        source: 'environment',
        type: 'notification',
        content,
        metadata: { ...meta, role: m.role ?? null },
      });
    }
  }
  return events;
}

/** The first user message: the only statement of the task a bare simulation list carries. */
export function firstUserMessage(messages: unknown[]): string | undefined {
  const m = messages.filter(isObj).find((x) => x.role === 'user' && typeof x.content === 'string' && x.content.trim());
  return m ? String(m.content).trim() : undefined;
}
