import type { NativeEvent, NativeRecordInput } from '../native-schema';
import { sampleScores, scorerRanges } from './inspect-scores';
import { arr, isObj, nativeRecord, parseArguments, str, type Json } from './shared';
import { DATA_QUALITY_KEY } from '@/lib/trajectories/data-quality';
import { type ItemWarning } from './types';

export const INSPECT_BENCHMARK = 'inspect';

/** What every sample of one log shares: the `eval` spec, the log's status and error, its plan. */
export type InspectLog = { eval: Json; status: string | null; error: unknown; plan: Json | null };

/** Native tool names are "App.function": Inspect tools have no app, so they share "inspect". */
export function inspectTool(fn: string): string {
  const clean = fn.replace(/[^\w.-]/g, '_').replace(/^[^A-Za-z_]+/, '') || 'unknown';
  return `inspect.${clean}`;
}

/** `attachment://<hash>` stands for a long text kept once in the sample's `attachments`. */
function resolve(text: string, attachments: Json): string {
  if (!text.startsWith('attachment://')) return text;
  return str(attachments[text.slice('attachment://'.length)]) ?? text;
}

/** Message content is a string or a list of parts (text, reasoning, image…): the text parts joined, the others named. */
export function contentText(content: unknown, attachments: Json = {}): string {
  if (typeof content === 'string') return resolve(content, attachments);
  return arr(content)
    .filter(isObj)
    .map((p) => {
      if (p.type === 'text') return resolve(str(p.text) ?? '', attachments);
      if (p.type === 'reasoning') return '';
      return `[${str(p.type) ?? 'content'}]`;
    })
    .filter(Boolean)
    .join('\n');
}

function reasoningText(content: unknown, attachments: Json): string | null {
  const parts = arr(content)
    .filter(isObj)
    .filter((p) => p.type === 'reasoning' && !p.redacted)
    .map((p) => resolve(str(p.reasoning) ?? '', attachments));
  return parts.length ? parts.join('\n') : null;
}

/** Inspect ChatMessage list → native events (system, user, assistant with tool_calls, tool with optional error). */
export function inspectEvents(messages: unknown[], attachments: Json): NativeEvent[] {
  const events: NativeEvent[] = [];
  for (const m of messages.filter(isObj)) {
    const text = contentText(m.content, attachments);
    if (m.role === 'system') {
      if (text.trim())
        events.push({ source: 'environment', type: 'notification', content: text, metadata: { role: 'system' } });
    } else if (m.role === 'user') {
      if (text.trim()) events.push({ source: 'user', type: 'message', content: text });
    } else if (m.role === 'assistant') {
      const reasoning = reasoningText(m.content, attachments);
      if (text.trim() || reasoning)
        events.push({
          source: 'agent',
          type: 'message',
          content: text,
          ...(reasoning ? { metadata: { reasoning } } : {}),
        });
      for (const c of arr(m.tool_calls).filter(isObj)) {
        const fn = str(c.function) ?? (isObj(c.function) ? str(c.function.name) : undefined) ?? 'unknown';
        events.push({
          source: 'agent',
          type: 'tool_call',
          tool: inspectTool(fn),
          arguments: parseArguments(c.arguments),
          call_id: str(c.id) ?? null,
          ...(c.parse_error ? { metadata: { parse_error: c.parse_error } } : {}),
        });
      }
    } else if (m.role === 'tool') {
      const error = isObj(m.error) ? m.error : null;
      const message = error ? (str(error.message) ?? '') : '';
      events.push({
        source: 'environment',
        type: 'observation',
        tool: str(m.function) ? inspectTool(str(m.function)!) : null,
        call_id: str(m.tool_call_id) ?? null,
        content: text || message,
        error: error != null,
        ...(error ? { metadata: { error_type: error.type ?? null, error_message: message } } : {}),
      });
    }
  }
  return events;
}

/** The sample's input as the task's instruction: a string, or the text of its user messages. */
function instructionOf(input: unknown, attachments: Json): string {
  if (typeof input === 'string') return resolve(input, attachments);
  return arr(input)
    .filter((m) => isObj(m) && m.role !== 'system')
    .map((m) => contentText((m as Json).content, attachments))
    .filter((t) => t.trim())
    .join('\n\n');
}

function scorerNamesOf(evalSpec: Json): string[] {
  return arr(evalSpec.scorers)
    .filter(isObj)
    .map((s) => str(s.name))
    .filter((n): n is string => !!n);
}

function agentOf(log: InspectLog): string | null {
  const solver = str(log.eval.solver);
  if (solver) return solver;
  const steps = arr(log.plan?.steps)
    .filter(isObj)
    .map((s) => str(s.solver))
    .filter(Boolean);
  return steps.length ? steps.join(' → ') : null;
}

/** Why a log's samples may be incomplete: a cancelled or errored run, said on each of its trajectories. */
export function logStatusNote(log: InspectLog): string | null {
  if (!log.status || log.status === 'success') return null;
  const err = isObj(log.error) ? str(log.error.message) : str(log.error);
  return `the Inspect log's status is "${log.status}"${err ? ` (${err.split('\n')[0].slice(0, 300)})` : ''}: it holds what ran before it stopped`;
}

/**
 * One sample × epoch of an Inspect log → a native record: the task is
 * `<eval.task>/<sample id>` (instruction = the sample's input), the trial is
 * the epoch, each scorer a checkpoint (inspect-scores.ts). `at` locates the
 * sample in the file for warnings.
 */
export function inspectSampleToNative(
  sample: Json,
  log: InspectLog,
  at: string,
): { record: NativeRecordInput; warnings: ItemWarning[] } {
  const attachments = isObj(sample.attachments) ? sample.attachments : {};
  const task = str(log.eval.task) ?? 'task';
  const sampleId = String(sample.id);
  const epoch = typeof sample.epoch === 'number' ? sample.epoch : 1;
  const messages = arr(sample.messages);
  const events = inspectEvents(messages, attachments);
  const warnings: ItemWarning[] = [];
  const scores = sampleScores(sample.scores, scorerNamesOf(log.eval), scorerRanges(log.eval), at);
  warnings.push(...scores.warnings);

  // Said once per file by the adapter; kept on each trajectory so its page says it too.
  const statusNote = logStatusNote(log);
  const sampleError = isObj(sample.error) ? str(sample.error.message) : str(sample.error);
  if (sampleError) {
    warnings.push({
      path: `${at}.error`,
      reason: `the sample ended with an error: ${sampleError.split('\n')[0].slice(0, 300)}`,
    });
    events.push({
      source: 'environment',
      type: 'notification',
      content: sampleError,
      error: true,
      metadata: { sample_error: true },
    });
  }
  if (!scores.results.length && sample.scores == null)
    warnings.push({ path: `${at}.scores`, reason: 'the sample was not scored: imported without checkpoint results' });

  const results = scores.results;
  const share = results.length
    ? results.reduce((sum, r) => sum + (r.total ? (r.score ?? 0) / r.total : r.passed ? 1 : 0), 0) / results.length
    : null;
  const reason = sampleError
    ? `sample error: ${sampleError.split('\n')[0].slice(0, 300)}`
    : !results.length
      ? 'not scored'
      : statusNote;

  const instruction = instructionOf(sample.input, attachments).trim() || `Inspect sample ${sampleId} of ${task}`;
  const runId = str(log.eval.eval_id) ?? str(log.eval.run_id) ?? str(log.eval.task_id) ?? 'run';
  return {
    record: nativeRecord({
      task: {
        id: `${task}/${sampleId}`,
        benchmark: INSPECT_BENCHMARK,
        ability: task,
        instruction,
        apps: ['inspect'],
        checkpoints: scores.definitions,
        metadata: {
          target: sample.target ?? null,
          dataset: isObj(log.eval.dataset) ? (log.eval.dataset.name ?? null) : null,
          sample_metadata: isObj(sample.metadata) ? sample.metadata : null,
        },
      },
      trajectory: {
        id: `inspect:${runId}:${sampleId}:${epoch}`,
        model: str(log.eval.model) ?? 'unknown',
        agent: agentOf(log),
        trial: epoch,
        outcome: { passed: results.length > 0 && results.every((r) => r.passed), score: share, reason },
        feedback: 'checkpoint_binary',
        metadata: {
          inspect_log_status: log.status,
          inspect_run_id: log.eval.run_id ?? null,
          inspect_task_id: log.eval.task_id ?? null,
          sample_uuid: sample.uuid ?? null,
          model_usage: sample.model_usage ?? null,
          total_time: sample.total_time ?? null,
          working_time: sample.working_time ?? null,
          ...(warnings.length || statusNote
            ? { [DATA_QUALITY_KEY]: [...(statusNote ? [{ path: 'status', reason: statusNote }] : []), ...warnings] }
            : {}),
        },
      },
      events,
      checkpoints: results,
    }),
    warnings,
  };
}
