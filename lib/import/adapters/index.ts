import { atifAdapter } from './atif';
import { atifFolderAdapter } from './atif-folder';
import { inspectAdapter } from './inspect';
import { langfuseAdapter } from './langfuse';
import { checkpointsJsonlAdapter } from './checkpoints-jsonl';
import { nativeJsonlAdapter } from './native-jsonl';
import { tau1Adapter } from './tau1';
import { tau2Adapter } from './tau2';
import { openHandsAdapter } from './openhands';
import { tacFileAdapter } from './tac-file';
import { tacFolderAdapter } from './tac-folder';
import type { Adapter, FolderAdapter, ImportFormat } from './types';

export const ADAPTERS: Record<ImportFormat, Adapter> = {
  native: nativeJsonlAdapter,
  tau2: tau2Adapter,
  tau1: tau1Adapter,
  inspect: inspectAdapter,
  atif: atifAdapter,
  langfuse: langfuseAdapter,
  checkpoints: checkpointsJsonlAdapter,
  theagentcompany: tacFileAdapter,
  openhands: openHandsAdapter,
};

/** Formats that can read a folder; a folder of any other format is imported file by file. */
export const FOLDER_ADAPTERS: Partial<Record<ImportFormat, FolderAdapter>> = {
  theagentcompany: tacFolderAdapter,
  atif: atifFolderAdapter,
};
