import { stat } from 'node:fs/promises';
import path from 'node:path';
import { atifToNative, MAX_ATIF_BYTES } from './atif';
import type { AtifSidecars } from './atif-sidecars';
import { readVerifierResult, VERIFIER_FILES } from './atif-verifier';
import { readFolderText, type FolderInput } from './folder-input';
import { isObj, type Json } from './shared';
import type { AdapterOptions, SourceItem } from './types';

const TRAJECTORY = /^(?:(.*)\/)?trajectory\.json$/;

/** ATIF run folders: any folder (the root too) holding `trajectory.json`, as Terminal-Bench and Harbor lay out a run. */
export function atifRunFolders(folder: FolderInput): string[] {
  const out: string[] = [];
  for (const f of folder.files) {
    const m = TRAJECTORY.exec(f);
    if (m) out.push(m[1] ?? '');
  }
  return out.sort();
}

const inRun = (run: string, rel: string) => (run ? `${run}/${rel}` : rel);

async function readSidecars(
  folder: FolderInput,
  run: string,
  warnings: { path: string; reason: string }[],
): Promise<AtifSidecars> {
  const files = new Set(folder.files);
  let metrics: Json | null = null;
  const metricsFile = inRun(run, 'metrics.json');
  if (files.has(metricsFile)) {
    try {
      const parsed: unknown = JSON.parse(await readFolderText(folder, metricsFile));
      if (isObj(parsed)) metrics = parsed;
      else warnings.push({ path: metricsFile, reason: 'metrics.json is not a JSON object: left out' });
    } catch (err) {
      warnings.push({ path: metricsFile, reason: `metrics.json cannot be read: ${(err as Error).message}; left out` });
    }
  }
  const verifierFile = VERIFIER_FILES.map((f) => inRun(run, f)).find((f) => files.has(f));
  if (!verifierFile) return { metrics, verifier: null };
  const text = await readFolderText(folder, verifierFile);
  // The file named as found under the run folder, so a folder of many runs tells them apart.
  const shown = path.posix.relative(run || '.', verifierFile);
  return { metrics, verifier: { file: shown, verdict: readVerifierResult(shown, text), text } };
}

/**
 * A folder of ATIF runs (one run folder, or a Terminal-Bench / Harbor results tree): each
 * `trajectory.json` is one run, read with the metrics.json and verifier output beside it
 * (atif-sidecars.ts). Other files in a run folder (events.jsonl, READMEs, agent logs) are not read.
 */
export async function* atifFolderAdapter(folder: FolderInput, opts: AdapterOptions): AsyncIterable<SourceItem> {
  const runs = atifRunFolders(folder);
  if (!runs.length) {
    yield { kind: 'fatal', reason: `${opts.fileName} holds no ATIF run (no trajectory.json).` };
    return;
  }
  for (const [recordIndex, run] of runs.entries()) {
    const file = inRun(run, 'trajectory.json');
    try {
      const size = (await stat(path.join(folder.root, file))).size;
      if (size > MAX_ATIF_BYTES)
        throw new Error(
          `the file is larger than ${MAX_ATIF_BYTES / 1024 / 1024} MB, the limit for one ATIF trajectory`,
        );
      let doc: unknown;
      try {
        doc = JSON.parse((await readFolderText(folder, file)).replace(/^\uFEFF/, ''));
      } catch (err) {
        throw new Error(`the ATIF file cannot be read: ${(err as Error).message}`);
      }
      if (!isObj(doc) || !Array.isArray(doc.steps))
        throw new Error('an ATIF trajectory is an object with a "steps" list');
      const sideWarnings: { path: string; reason: string }[] = [];
      const sidecars = await readSidecars(folder, run, sideWarnings);
      const { record, warnings } = atifToNative(doc, { model: opts.model, sidecars });
      yield {
        kind: 'record',
        recordIndex,
        record,
        // Located in the folder: a report over many runs names the run each warning is about.
        warnings: [...sideWarnings, ...warnings.map((w) => ({ ...w, path: `${file}: ${w.path}` }))],
      };
    } catch (err) {
      yield { kind: 'error', recordIndex, path: file, reason: (err as Error).message };
    }
  }
}
