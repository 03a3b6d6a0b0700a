import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NativeEvent } from '@/lib/import/native-schema';

/**
 * The bench's synthetic runs in other formats, event for event the same as
 * its native file, so each adapter's records/s stands next to the native
 * path's on the same events (npm run bench:import).
 */

/** A native event as the OpenHands V0 event that imports back to it. */
function openHandsEvent(e: NativeEvent, id: number, callOf: Map<string, number>): Record<string, unknown> {
  if (e.type === 'tool_call') {
    callOf.set(e.call_id ?? '', id);
    return {
      id,
      source: 'agent',
      action: 'run',
      message: '',
      args: e.arguments ?? {},
      tool_call_metadata: { function_name: (e.tool ?? 'x.y').split('.')[1], tool_call_id: e.call_id },
    };
  }
  if (e.type === 'observation')
    return { id, source: 'agent', observation: 'run', cause: callOf.get(e.call_id ?? ''), content: e.content };
  return { id, source: e.source, action: 'message', args: { content: e.content } };
}

/** An OpenHands evaluation output.jsonl: one instance per trajectory, its events as `history`. */
export async function writeOpenHandsOutput(
  file: string,
  n: number,
  events: (i: number) => NativeEvent[],
  model: string,
): Promise<void> {
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < n; i++) {
          const callOf = new Map<string, number>();
          yield `${JSON.stringify({
            instance_id: `bench-oh-${i}`,
            instruction: `Answer questions about orders (instance ${i}).`,
            metadata: { agent_class: 'CodeActAgent', llm_config: { model } },
            history: events(i).map((e, p) => openHandsEvent(e, p, callOf)),
            test_result: { report: { resolved: i % 3 === 0 } },
          })}\n`;
        }
      })(),
    ),
    createWriteStream(file),
  );
}
