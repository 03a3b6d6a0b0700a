import { open } from 'node:fs/promises';
import type { ImportFormat } from './types';

const NATIVE_LINE = /"format"\s*:\s*"trajectory\.v1"/;
const CHECKPOINTS_LINE = /"format"\s*:\s*"checkpoints\.v1"/;

/** Keys only a τ²-bench simulation has; a τ-bench (v1) record has `traj` instead (and nests its own `reward_info`). */
const TAU2_SIMULATION_KEY = /"(termination_reason|messages)"\s*:/;
const TAU1_RECORD_KEY = /"traj"\s*:/;

/** A zip (local file header) holding an Inspect log's entries: an Inspect `.eval`. */
const ZIP_MAGIC = 'PK\u0003\u0004';
const INSPECT_ZIP_ENTRY = /(header\.json|_journal\/start\.json|samples\/[^/]+_epoch_\d+\.json)/;
/** An Inspect `.json` log: `eval` and a run status ("version" and "status" come first in the logs Inspect writes). */
const INSPECT_EVAL = /"eval"\s*:\s*\{/;
const INSPECT_STATUS = /"status"\s*:\s*"(started|success|cancelled|error)"/;
/** ATIF: `schema_version` "ATIF-v1.x" (or a bare "1.x" some converters write) with `steps`. */
const ATIF_VERSION = /"schema_version"\s*:\s*"(ATIF-)?v?1\.\d+"/;
/** A Langfuse export: `{trace, observations}`, or a list of them. */
const LANGFUSE_OBJECT = /^\{\s*"(trace|observations)"\s*:/;
const LANGFUSE_LIST = /^\[\s*\{\s*"(trace|observations)"\s*:/;

/** OpenHands events: V0 (`"action": "run"` / `"observation": "run"` beside `"source"`) or V1 (`"kind": "ActionEvent"`). */
const OPENHANDS_V0 = /"(action|observation)"\s*:\s*"[a-z_]+"/;
const OPENHANDS_SOURCE = /"source"\s*:\s*"(agent|user|environment)"/;
const OPENHANDS_V1 = /"kind"\s*:\s*"(ActionEvent|ObservationEvent|MessageEvent|SystemPromptEvent|AgentErrorEvent)"/;
/** An OpenHands evaluation output line: an instance with its `history`. */
const OPENHANDS_OUTPUT = /"history"\s*:\s*\[/;

/** Which of the list formats a JSON array holds: whichever record key comes first decides. */
function detectList(text: string): ImportFormat | null {
  if (LANGFUSE_LIST.test(text)) return 'langfuse';
  if (OPENHANDS_V1.test(text) || (OPENHANDS_V0.test(text) && OPENHANDS_SOURCE.test(text))) return 'openhands';
  const tau1 = text.search(TAU1_RECORD_KEY);
  const tau2 = text.search(TAU2_SIMULATION_KEY);
  if (tau2 >= 0 && (tau1 < 0 || tau2 < tau1)) return 'tau2';
  return tau1 >= 0 || /"task_id"\s*:/.test(text) ? 'tau1' : null;
}

/**
 * Guesses the format from the first bytes: a JSON array of records with
 * `traj` is τ-bench v1, one of simulations (`messages`, `termination_reason`)
 * is a bare τ²-bench list; an object with `simulations`/`agent_info` is τ²-bench;
 * an object whose first line is a whole `trajectory.v1` record is native JSONL
 * (so is a file whose first line is broken but a later one is such a record);
 * one whose first line is a `checkpoints.v1` result is checkpoint results JSONL.
 * Returns null when it cannot tell (the caller asks the user to name it).
 */
export function detectFormat(head: string, fileName = ''): ImportFormat | null {
  if (head.startsWith(ZIP_MAGIC)) return INSPECT_ZIP_ENTRY.test(head) || /\.eval$/i.test(fileName) ? 'inspect' : null;
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) return detectList(text);
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : undefined);
  if (text.startsWith('{')) {
    if (NATIVE_LINE.test(firstLine)) return 'native';
    if (CHECKPOINTS_LINE.test(firstLine)) return 'checkpoints';
    if (LANGFUSE_OBJECT.test(text) || (/"trace"\s*:\s*\{/.test(text) && /"observations"\s*:\s*\[/.test(text)))
      return 'langfuse';
    if (ATIF_VERSION.test(text) && /"steps"\s*:/.test(text)) return 'atif';
    if (INSPECT_EVAL.test(text) && INSPECT_STATUS.test(text)) return 'inspect';
    if (OPENHANDS_OUTPUT.test(text) && /"(instance_id|instruction|issue)"\s*:/.test(text)) return 'openhands';
    if (/"(simulations|agent_info|environment_info)"\s*:/.test(text)) return 'tau2';
  }
  // A broken first line must not cost the whole file: a later line that is a trajectory.v1 record, or the name, says JSONL.
  if (text.split('\n').some((line) => line.trimStart().startsWith('{') && NATIVE_LINE.test(line))) return 'native';
  if (/\.jsonl$/i.test(fileName)) return 'native';
  return null;
}

/**
 * Why detectFormat could not tell, for the message that asks the user to name
 * the format: a file that is not JSON at all (a broken or truncated file must
 * not read as "pick a format"), or JSON with none of the formats' record keys.
 * `complete`: `head` is the whole file (so a parse error is the file's own).
 */
export function whyUndetected(head: string, complete: boolean): string {
  if (head.startsWith(ZIP_MAGIC))
    return 'it is a zip archive, but not an Inspect .eval log (no header.json, _journal/start.json or samples/ entry)';
  const text = head.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return 'it is not JSON (it does not start with { or [)';
  if (complete) {
    try {
      JSON.parse(text);
    } catch (err) {
      return `it is not valid JSON (${(err as Error).message})`;
    }
  }
  return 'it has none of the keys the formats start with ("format": "trajectory.v1" or "checkpoints.v1" per line, "simulations" of τ²-bench, "traj" of τ-bench, "eval" and "status" of an Inspect log, "schema_version" and "steps" of ATIF, "trace" and "observations" of a Langfuse export, OpenHands "action"/"observation" events or "history")';
}

/** How much of a file detection reads. */
export const HEAD_BYTES = 64 * 1024;

export async function readHead(file: string, bytes = HEAD_BYTES): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}
