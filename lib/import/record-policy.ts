import { contentHash } from '@/lib/trajectories/content-hash';
import type { NativeRecord } from './native-schema';

export type RecordPolicy = {
  benchmark: string;
  /** '' when the task names no domain: the unique key needs a value, and NULLs never collide. */
  ability: string;
  kind: 'POLICY' | 'SYSTEM_PROMPT';
  text: string;
  contentHash: string;
};

/** The key a policy is stored under: the same text in the same benchmark and domain is one row. */
export const policyKey = (p: Pick<RecordPolicy, 'benchmark' | 'ability' | 'contentHash'>) =>
  `${p.benchmark}\u0000${p.ability}\u0000${p.contentHash}`;

/**
 * The rules a record's agent had to follow. Where they come from:
 * - `trajectory.policy` (the τ²-bench adapter puts `info.environment_info.policy` there);
 * - else the first event whose metadata says `role: "system"`: τ-bench (v1) and native files that
 *   keep the chat's system message as an event do so (the event stays in the timeline as well).
 * Only the text is hashed: the same text under another kind is still the same policy.
 */
export function recordPolicy(record: NativeRecord): RecordPolicy | null {
  const given = record.trajectory.policy;
  const system = given
    ? null
    : record.events.find((e) => e.metadata?.role === 'system' && typeof e.content === 'string' && e.content.trim());
  const text = given?.text ?? system?.content;
  if (!text) return null;
  return {
    benchmark: record.task.benchmark,
    ability: record.task.ability ?? '',
    kind: given?.kind === 'policy' ? 'POLICY' : 'SYSTEM_PROMPT',
    text,
    contentHash: contentHash(text),
  };
}
