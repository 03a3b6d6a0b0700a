import type { NativeEvent } from '../native-schema';
import { openHandsEvents } from './openhands-events';
import { arr, isObj, parseArguments, str, toolName, type Json } from './shared';
import { readFolderText, type FolderInput } from './folder-input';

/**
 * A TheAgentCompany run's trajectory, whichever the agent left: an OpenHands
 * event list (`trajectories/traj_<task>[-image].json[.gz]`), an ARIA state
 * (`states/state_<task>.json`), a prose account (`trajectories/<task>.md`),
 * or none (an outcome-only run).
 */
export type TacTrajectory = {
  kind: 'openhands' | 'aria' | 'narrative' | 'outcome_only';
  file: string | null;
  events: NativeEvent[];
  warnings: string[];
};

export function trajectoryCandidates(agent: string, task: string): { kind: TacTrajectory['kind']; file: string }[] {
  const at = (p: string) => (agent ? `${agent}/${p}` : p);
  return [
    ...['', '-image'].flatMap((suffix) =>
      ['.json', '.json.gz'].map((ext) => ({
        kind: 'openhands' as const,
        file: at(`trajectories/traj_${task}${suffix}${ext}`),
      })),
    ),
    { kind: 'aria', file: at(`states/state_${task}.json`) },
    { kind: 'narrative', file: at(`trajectories/${task}.md`) },
  ];
}

const TOOL_CALL = /<tool_call>([\s\S]*?)<\/tool_call>/g;

/** `<tool_call>{"name", "arguments"}</tool_call>`, or the `<name>…</name><arguments>…</arguments>` form ARIA writes. */
function parseToolCall(body: string): { name: string; args: Record<string, unknown> } | null {
  try {
    const v: unknown = JSON.parse(body.trim());
    if (isObj(v) && typeof v.name === 'string') return { name: v.name, args: parseArguments(v.arguments) };
  } catch {
    // the tagged form below
  }
  const name = /<name>\s*([\s\S]*?)\s*<\/name>/.exec(body)?.[1];
  if (!name) return null;
  return { name, args: parseArguments(/<arguments>\s*([\s\S]*?)\s*<\/arguments>/.exec(body)?.[1] ?? {}) };
}

function turnText(turn: Json): string {
  return typeof turn.content === 'string'
    ? turn.content
    : arr(turn.content)
        .map((p) => (isObj(p) ? (str(p.text) ?? '') : ''))
        .join('\n');
}

/** ARIA: subtasks as segments (a notification opens each), tool calls parsed out of the assistant's text. */
function ariaEvents(state: Json): { events: NativeEvent[]; warnings: string[] } {
  const monitor = isObj(state.monitor_state) ? state.monitor_state : state;
  const events: NativeEvent[] = [];
  const warnings: string[] = [];
  let calls = 0;
  let lastCall: string | null = null;
  arr(monitor.done_subtasks).forEach((sub, s) => {
    if (!isObj(sub)) return;
    const segment = str(sub.name) ?? `Subtask ${s + 1}`;
    events.push({
      source: 'environment',
      type: 'notification',
      content: `Subtask ${s + 1}: ${segment}${str(sub.goal) ? `\nGoal: ${str(sub.goal)}` : ''}`,
      metadata: { segment, subtask_index: s, finished: sub.finish ?? null, try_times: sub.try_times ?? null },
    });
    for (const turn of arr(sub.trajectory).filter(isObj)) {
      const t = turnText(turn);
      if (turn.role === 'user' && /^\s*Observation:/.test(t)) {
        const body =
          /<tool_response>([\s\S]*?)<\/tool_response>/.exec(t)?.[1]?.trim() ?? t.replace(/^\s*Observation:\s*/, '');
        events.push({
          source: 'environment',
          type: 'observation',
          content: body,
          call_id: lastCall,
          error: /^Tool error:/.test(body),
          metadata: { segment },
        });
        lastCall = null;
      } else if (turn.role === 'assistant') {
        const prose = t.replace(TOOL_CALL, '').trim();
        if (prose) events.push({ source: 'agent', type: 'message', content: prose, metadata: { segment } });
        for (const m of t.matchAll(TOOL_CALL)) {
          const call = parseToolCall(m[1]);
          if (!call) {
            warnings.push(`a <tool_call> in subtask "${segment}" names no tool: kept as text`);
            events.push({
              source: 'agent',
              type: 'message',
              content: m[0],
              metadata: { segment, unparsed_tool_call: true },
            });
            continue;
          }
          lastCall = `aria-${++calls}`;
          events.push({
            source: 'agent',
            type: 'tool_call',
            tool: toolName('aria', call.name.replace(/[^\w.-]/g, '_')),
            arguments: call.args,
            call_id: lastCall,
            metadata: { segment },
          });
        }
      } else {
        events.push({
          source: turn.role === 'assistant' ? 'agent' : 'user',
          type: 'message',
          content: t,
          metadata: { segment },
        });
      }
    }
  });
  return { events, warnings };
}

export async function readTacTrajectory(folder: FolderInput, agent: string, task: string): Promise<TacTrajectory> {
  const present = new Set(folder.files);
  const found = trajectoryCandidates(agent, task).find((c) => present.has(c.file));
  if (!found) return { kind: 'outcome_only', file: null, events: [], warnings: [] };
  const text = await readFolderText(folder, found.file);
  if (found.kind === 'narrative')
    return {
      kind: 'narrative',
      file: found.file,
      events: [{ source: 'agent', type: 'message', content: text, metadata: { narrative: true } }],
      warnings: [],
    };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${found.file} is not valid JSON (${(err as Error).message})`);
  }
  if (found.kind === 'aria') {
    if (!isObj(json)) throw new Error(`${found.file} is not an ARIA state object`);
    return { kind: 'aria', file: found.file, ...ariaEvents(json) };
  }
  const list = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.history) ? json.history : null;
  if (!list) throw new Error(`${found.file} is not an OpenHands event list`);
  const { events, bad } = openHandsEvents(list);
  return {
    kind: 'openhands',
    file: found.file,
    events,
    warnings: bad.length
      ? [`${bad.length} entries of ${found.file} are not events (first at index ${bad[0]}): left out`]
      : [],
  };
}
