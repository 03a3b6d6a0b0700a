import { nativeRecordSchema, type NativeRecord } from './native-schema';
import { isObj, type Json } from './adapters/shared';

export type RecordIssue = { path: string; reason: string };

const KNOWN = {
  record: ['format', 'task', 'trajectory', 'events', 'checkpoints'],
  task: ['id', 'benchmark', 'ability', 'instruction', 'apps', 'split', 'checkpoints', 'metadata'],
  trajectory: ['id', 'model', 'agent', 'trial', 'outcome', 'feedback', 'memory', 'metadata', 'policy'],
  event: ['source', 'type', 'content', 'tool', 'arguments', 'call_id', 'error', 'metadata'],
};

/** Moves fields the schema does not know into the nearest `metadata`, so nothing the user sent is dropped. */
function keepExtras(obj: Json, known: string[], into: Json = obj): Json {
  const extras = Object.keys(obj).filter((k) => !known.includes(k));
  if (!extras.length) return obj;
  const out: Json = { ...obj };
  const meta: Json = isObj(into.metadata) ? { ...into.metadata } : {};
  for (const k of extras) {
    meta[k] = obj[k];
    delete out[k];
  }
  if (into === obj) out.metadata = meta;
  else into.metadata = meta;
  return out;
}

function preserveUnknownFields(raw: unknown): unknown {
  if (!isObj(raw) || !isObj(raw.task) || !isObj(raw.trajectory)) return raw;
  const trajectory = { ...raw.trajectory };
  const record = keepExtras(raw, KNOWN.record, trajectory);
  return {
    ...record,
    task: keepExtras(raw.task, KNOWN.task),
    trajectory: keepExtras(trajectory, KNOWN.trajectory),
    events: Array.isArray(raw.events) ? raw.events.map((e) => (isObj(e) ? keepExtras(e, KNOWN.event) : e)) : raw.events,
  };
}

/** Validates one record against the native zod schema; issues carry the field path. */
export function validateRecord(
  raw: unknown,
  maxIssues = 5,
): { ok: true; record: NativeRecord } | { ok: false; issues: RecordIssue[] } {
  const parsed = nativeRecordSchema.safeParse(preserveUnknownFields(raw));
  if (parsed.success) return { ok: true, record: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.slice(0, maxIssues).map((i) => ({ path: i.path.join('.'), reason: i.message })),
  };
}
