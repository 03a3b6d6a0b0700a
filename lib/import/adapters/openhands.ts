import type { Readable } from 'node:stream';
import { lineReader } from './read-lines';
import { parseWholeJson } from './json-stream';
import type { NativeRecordInput } from '../native-schema';
import { firstUserText, modelInEvents, openHandsEvents } from './openhands-events';
import { isObj, nativeRecord, str, type Json } from './shared';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { type Adapter, type AdapterOptions, type ItemWarning, type SourceItem } from './types';

/**
 * OpenHands outside TheAgentCompany: an event list (`.json`, V0 or V1; a
 * `.json.gz` arrives here decompressed) is one trajectory; an evaluation
 * `output.jsonl` holds one instance per line with its `history`. Outcome from
 * `test_result.report.resolved`, `resolved` or `success` (one checkpoint,
 * "resolved"); without one the run is imported with no checkpoint (listed,
 * never queued) and says so.
 */
export const OPENHANDS_BENCHMARK = 'openhands';
const RESOLVED = 'resolved';

function resolvedOf(r: Json): boolean | null {
  const tr = isObj(r.test_result) ? r.test_result : {};
  const report = isObj(tr.report) ? tr.report : isObj(r.report) ? r.report : {};
  for (const v of [report.resolved, tr.resolved, r.resolved, r.success]) if (typeof v === 'boolean') return v;
  return null;
}

function instanceRecord(r: Json, list: unknown[], opts: AdapterOptions, fallbackId: string): SourceItem {
  const warnings: ItemWarning[] = [];
  const { events, bad } = openHandsEvents(list);
  if (bad.length)
    warnings.push({ path: `history[${bad[0]}]`, reason: `${bad.length} history entries are not events: left out` });
  const meta = isObj(r.metadata) ? r.metadata : {};
  const llm = isObj(meta.llm_config) ? meta.llm_config : {};
  const model = opts.model ?? str(llm.model) ?? modelInEvents(list);
  if (!model)
    return {
      kind: 'error',
      path: 'metadata.llm_config.model',
      reason: 'nothing names the model: give it with --model / the Model field',
    };
  const id = str(r.instance_id) ?? (typeof r.instance_id === 'number' ? String(r.instance_id) : fallbackId);
  const resolved = resolvedOf(r);
  if (resolved == null)
    warnings.push({
      path: 'test_result',
      reason: 'no pass/fail recorded (test_result, report, success): imported without a checkpoint, not queued',
    });
  const benchmark = str(meta.dataset) ? `openhands/${str(meta.dataset)}` : OPENHANDS_BENCHMARK;
  const instruction = str(r.instruction) ?? firstUserText(events) ?? `OpenHands run ${id}`;
  const { history: _h, ...rest } = r;
  const record: NativeRecordInput = nativeRecord({
    task: {
      id,
      benchmark,
      ability: null,
      instruction,
      apps: [],
      checkpoints:
        resolved == null
          ? []
          : [{ id: RESOLVED, name: 'Resolved', description: 'The run resolved its task.', weight: 1 }],
      metadata: {},
    },
    trajectory: {
      id: `${benchmark}/${model}/${id}`,
      model,
      agent: opts.agent ?? str(meta.agent_class) ?? 'OpenHands',
      outcome: {
        passed: resolved === true,
        score: resolved == null ? null : resolved ? 1 : 0,
        reason: resolved == null ? 'no outcome recorded' : null,
      },
      feedback: 'task_binary',
      metadata: {
        ...rest,
        outcome_known: resolved != null,
        ...(warnings.length ? { [DATA_QUALITY_KEY]: warnings } : {}),
      },
    },
    events,
    checkpoints: resolved == null ? [] : [{ id: RESOLVED, passed: resolved, total: 1, score: resolved ? 1 : 0 }],
  });
  return { kind: 'record', record, warnings };
}

async function readAll(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

export const openHandsAdapter: Adapter = async function* (input, opts) {
  const base = opts.fileName.replace(/^.*[\\/]/, '').replace(/\.jsonl?(\.gz)?$/i, '');
  if (/\.jsonl$/i.test(opts.fileName)) {
    let line = 0;
    for await (const text of lineReader(input).lines) {
      line++;
      if (!text.trim()) continue;
      let r: unknown;
      try {
        r = JSON.parse(text);
      } catch (err) {
        yield { kind: 'error', line, path: '', reason: `not valid JSON (${(err as Error).message})` };
        continue;
      }
      if (!isObj(r) || !Array.isArray(r.history)) {
        yield { kind: 'error', line, path: 'history', reason: 'an OpenHands output line needs a "history" event list' };
        continue;
      }
      yield { ...instanceRecord(r, r.history, opts, `${base}-${line}`), line };
    }
    return;
  }
  const parsed = await parseWholeJson(readAll(input));
  if ('error' in parsed) {
    yield parsed.error;
    return;
  }
  const json = parsed.value;
  if (!Array.isArray(json)) {
    if (isObj(json) && Array.isArray(json.history))
      yield { ...instanceRecord(json, json.history, opts, base), recordIndex: 0 };
    else yield { kind: 'fatal', reason: `${opts.fileName} is not an OpenHands event list (a JSON list of events)` };
    return;
  }
  yield { ...instanceRecord({}, json, opts, base), recordIndex: 0 };
};
