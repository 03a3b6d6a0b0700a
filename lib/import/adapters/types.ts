import type { FolderInput } from './folder-input';
import type { Readable } from 'node:stream';

/** Where a problem is, as precisely as the source allows (1-based line for JSONL, 0-based record index for JSON arrays). */
export type ItemLocation = { line?: number; recordIndex?: number };

/**
 * What an adapter yields: a native-shaped record (validated later by the
 * zod schema, the single source of truth) or a located error. Adapters never
 * throw for one bad record; a file-level failure (truncated JSON) is yielded
 * as an error after every good record before it.
 */
export type SourceItem =
  | ({ kind: 'record'; record: unknown; warnings?: ItemWarning[] } & ItemLocation)
  | ({ kind: 'error'; path?: string; reason: string } & ItemLocation)
  // A note about the file as a whole (e.g. "holds no simulations"): reported, counted as no record, fails nothing.
  | ({ kind: 'warning'; path?: string; reason: string } & ItemLocation)
  // The file as a whole cannot be imported (e.g. nothing names the model): the import fails with
  // this one message and reading stops, instead of the same error once for every record.
  | { kind: 'fatal'; reason: string };

/** A record imported despite a data-quality problem: reported, and kept on the trajectory (DATA_QUALITY_KEY in lib/trajectories/data-quality.ts). */
export type ItemWarning = { path: string; reason: string };

/**
 * Set (true) in Trajectory.metadata on a run that never started (TheAgentCompany's 0/0 runs: the
 * environment failed before the agent acted): imported and counted, but nothing in it to diagnose.
 */
export const NOT_STARTED_KEY = 'not_started';

export type AdapterOptions = {
  fileName: string;
  /** The file the stream reads, for a format read by random access (an Inspect `.eval` zip: its directory is at its end). */
  filePath?: string;
  /** τ-bench v1 files and bare τ²-bench simulation lists do not name the model or domain; the CLI/API may. */
  model?: string;
  domain?: string;
  /** TheAgentCompany: who ran (else read from the agent folder's name) and where task.md / checkpoints.md are. */
  agent?: string;
  tasksDir?: string;
};

export type Adapter = (input: Readable, opts: AdapterOptions) => AsyncIterable<SourceItem>;

/** A format that is a folder (or an archive of one): the adapter gets the whole folder (folder-input.ts). */
export type FolderAdapter = (folder: FolderInput, opts: AdapterOptions) => AsyncIterable<SourceItem>;

export const FORMATS = [
  'native',
  'tau2',
  'tau1',
  'theagentcompany',
  'openhands',
  'inspect',
  'atif',
  'langfuse',
  'checkpoints',
] as const;
export type ImportFormat = (typeof FORMATS)[number];

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  native: 'native JSONL (trajectory.v1)',
  tau2: 'τ²-bench results JSON',
  tau1: 'τ-bench (v1) trajectories JSON',
  inspect: 'Inspect AI log (.json or .eval)',
  atif: 'ATIF trajectory.json (Harbor / Terminal-Bench)',
  langfuse: 'Langfuse trace export JSON ({trace, observations})',
  checkpoints: 'checkpoint results JSONL (checkpoints.v1), for trajectories already imported',
  theagentcompany: 'TheAgentCompany agent folder (results/ + trajectories/ or states/; a folder, .zip or .tar.gz)',
  openhands: 'OpenHands event list (.json, .json.gz) or evaluation output.jsonl',
};
