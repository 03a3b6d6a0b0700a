import { atifAdapter } from './atif';
import { inspectAdapter } from './inspect';
import { langfuseAdapter } from './langfuse';
import { checkpointsJsonlAdapter } from './checkpoints-jsonl';
import { nativeJsonlAdapter } from './native-jsonl';
import { tau1Adapter } from './tau1';
import { tau2Adapter } from './tau2';
import type { Adapter, ImportFormat } from './types';

export const ADAPTERS: Record<ImportFormat, Adapter> = {
  native: nativeJsonlAdapter,
  tau2: tau2Adapter,
  tau1: tau1Adapter,
  inspect: inspectAdapter,
  atif: atifAdapter,
  langfuse: langfuseAdapter,
  checkpoints: checkpointsJsonlAdapter,
};
