import type { NativeRecordInput } from '../native-schema';
import { isObj, str, type Json } from './shared';
import type { ItemWarning } from './types';

type CheckpointResult = NonNullable<NativeRecordInput['checkpoints']>[number];
type TaskCheckpoint = NonNullable<NativeRecordInput['task']['checkpoints']>[number];

/** A scorer's numeric range: from its metadata when the log gives one, else Inspect's usual 0–1. */
export type ScoreRange = { min: number; max: number };
const UNIT: ScoreRange = { min: 0, max: 1 };

/**
 * The range of each scorer named in `eval.scorers`, read from its metadata
 * (`range: [min, max]` or `min` / `max`). Inspect has no standard field for it,
 * so a scorer without one is taken as 0–1 and an out-of-range value is reported.
 */
export function scorerRanges(evalSpec: Json): Map<string, ScoreRange> {
  const out = new Map<string, ScoreRange>();
  for (const s of Array.isArray(evalSpec.scorers) ? evalSpec.scorers.filter(isObj) : []) {
    const name = str(s.name);
    if (!name) continue;
    const meta = isObj(s.metadata) ? s.metadata : {};
    const range = Array.isArray(meta.range) ? meta.range : [meta.min, meta.max];
    const [min, max] = range.map((v) => (typeof v === 'number' ? v : undefined));
    out.set(name, { min: min ?? 0, max: max ?? 1 });
  }
  return out;
}

/** Inspect's answer and explanation, the note an annotator reads beside the result. */
function noteOf(score: Json, extra?: string): string | null {
  const parts = [
    extra,
    str(score.answer)?.trim() ? `Answer: ${str(score.answer)!.trim()}` : undefined,
    str(score.explanation)?.trim() ? `Explanation: ${str(score.explanation)!.trim()}` : undefined,
  ].filter(Boolean);
  return parts.length ? parts.join('\n') : null;
}

type Scored = { passed: boolean; score?: number; total?: number; extra?: string; warning?: string };

/**
 * One score value as a checkpoint result, the way Inspect's `value_to_float`
 * reads it: C correct, I incorrect, P partial (half credit, not passed), N no
 * answer; booleans; numbers against the scorer's range (passed at its top);
 * numeric strings and yes/no/true/false as Inspect reads them.
 */
export function scoreValue(value: unknown, range: ScoreRange = UNIT): Scored | null {
  if (typeof value === 'boolean') return { passed: value, score: value ? 1 : 0, total: 1 };
  if (typeof value === 'number' && Number.isFinite(value)) {
    const total = range.max - range.min;
    const out: Scored = { passed: value >= range.max, score: value - range.min, total };
    if (value < range.min || value > range.max)
      out.warning = `score ${value} is outside the scorer's range ${range.min}–${range.max}`;
    return out;
  }
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (v === 'C') return { passed: true, score: 1, total: 1 };
  if (v === 'I') return { passed: false, score: 0, total: 1 };
  if (v === 'P') return { passed: false, score: 0.5, total: 1, extra: 'Partial credit (P).' };
  if (v === 'N') return { passed: false, score: 0, total: 1, extra: 'No answer (N).' };
  if (/^(yes|true)$/i.test(v)) return { passed: true, score: 1, total: 1 };
  if (/^(no|false)$/i.test(v)) return { passed: false, score: 0, total: 1 };
  if (v !== '' && Number.isFinite(Number(v))) return scoreValue(Number(v), range);
  return null;
}

export type SampleScores = {
  definitions: TaskCheckpoint[];
  results: CheckpointResult[];
  warnings: ItemWarning[];
};

/**
 * A dict value (several measures from one scorer) as one result: passed when
 * every measure passes, the mean share as its score, each measure in the note.
 * One checkpoint per scorer keeps every sample of a task on the same list.
 */
function dictValue(value: Json, range: ScoreRange | undefined): Scored | null {
  const parts = Object.entries(value).map(([key, v]) => ({ key, read: scoreValue(v, range), raw: v }));
  const read = parts.filter((p) => p.read);
  if (!read.length) return null;
  const share = read.reduce((sum, p) => sum + (p.read!.total ? p.read!.score! / p.read!.total : 0), 0) / read.length;
  return {
    passed: read.length === parts.length && read.every((p) => p.read!.passed),
    score: share,
    total: 1,
    extra: parts.map((p) => `${p.key}: ${JSON.stringify(p.raw)}`).join(', '),
  };
}

/**
 * A sample's `scores` as checkpoints, one per scorer. `scorerNames` are the
 * log's scorers, defined on the task even when this sample was not scored (a
 * cancelled run), so every sample of the task has the same checkpoints.
 */
export function sampleScores(
  scores: unknown,
  scorerNames: string[],
  ranges: Map<string, ScoreRange>,
  at: string,
): SampleScores {
  const definitions = new Map<string, TaskCheckpoint>();
  const define = (id: string) => {
    if (!definitions.has(id))
      definitions.set(id, { id, name: id, description: `Inspect scorer "${id}"`, kind: 'scorer', weight: 1 });
  };
  for (const name of scorerNames) define(name);
  const results: CheckpointResult[] = [];
  const warnings: ItemWarning[] = [];
  if (isObj(scores)) {
    for (const [scorer, score] of Object.entries(scores)) {
      if (!isObj(score)) continue;
      define(scorer);
      const path = `${at}.scores.${scorer}.value`;
      const read = isObj(score.value)
        ? dictValue(score.value, ranges.get(scorer))
        : scoreValue(score.value, ranges.get(scorer));
      if (!read) {
        warnings.push({
          path,
          reason: `score value ${JSON.stringify(score.value)?.slice(0, 80)} is not one Inspect reads as a result (C/I/P/N, a boolean, a number or a dict of them): the checkpoint is left unscored`,
        });
        continue;
      }
      if (read.warning) warnings.push({ path, reason: read.warning });
      results.push({
        id: scorer,
        passed: read.passed,
        score: read.score,
        total: read.total,
        note: noteOf(score, read.extra),
      });
    }
  }
  return { definitions: [...definitions.values()], results, warnings };
}
