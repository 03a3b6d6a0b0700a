import { arr, isObj, type Json } from './shared';
import type { ItemWarning } from './types';

/**
 * TheAgentCompany scoring (data README §3): `results/eval_<task>.json` holds
 * the checkpoints' points in order and `final_score`, which bonus rules may
 * put above the checkpoints' sum; `checkpoints.md` names them in the same
 * order under `## Checkpoint N (Mpt)` headings.
 */
export type TacCheckpointDef = { id: string; name: string; description: string | null; weight: number };
export type Points = { result: number; total: number };

export const checkpointId = (n: number) => `checkpoint-${n}`;

export function parseCheckpointsMd(md: string): TacCheckpointDef[] {
  const out: TacCheckpointDef[] = [];
  const headings = [...md.matchAll(/^##+\s*(Checkpoint\s*(\d+)[^\n]*)$/gim)];
  headings.forEach((h, i) => {
    const body = md.slice(h.index! + h[0].length, headings[i + 1]?.index ?? md.length).trim();
    const points = /\((\d+(?:\.\d+)?)\s*pts?\)/i.exec(h[1]);
    const n = out.length + 1;
    const firstLine = body
      .split('\n')
      .find((l) => l.trim())
      ?.trim();
    out.push({
      id: checkpointId(n),
      // The heading says only "Checkpoint N"; the first line of its text is what the annotator recognises.
      name: firstLine
        ? `Checkpoint ${n}: ${firstLine.length > 120 ? `${firstLine.slice(0, 119)}…` : firstLine}`
        : `Checkpoint ${n}`,
      description: body || null,
      weight: points ? Number(points[1]) : 1,
    });
  });
  return out;
}

/** `result` as a number of points, or a boolean: true = every point, false = none. */
function pointsOf(c: unknown, where: string, warnings: ItemWarning[]): Points | null {
  if (!isObj(c)) {
    warnings.push({ path: where, reason: 'a checkpoint that is not an object: left out' });
    return null;
  }
  const total = typeof c.total === 'number' ? c.total : 1;
  const result = c.result === true ? total : c.result === false ? 0 : typeof c.result === 'number' ? c.result : null;
  if (result == null) {
    warnings.push({
      path: `${where}.result`,
      reason: `result ${JSON.stringify(c.result)} is neither a number nor true/false: read as 0`,
    });
    return { result: 0, total };
  }
  return { result, total };
}

export type TacScore = {
  points: Points[];
  sum: Points;
  final: Points;
  /** The benchmark's own per-task score: 0.5 · result/total + 0.5 · ⌊result/total⌋. */
  benchmarkScore: number;
  fullCompletion: boolean;
  /** Empty checkpoints and 0/0: the run never started (init or image pull failed). */
  notStarted: boolean;
};

export function scoreOf(evalJson: Json, warnings: ItemWarning[]): TacScore {
  const points = arr(evalJson.checkpoints)
    .map((c, i) => pointsOf(c, `checkpoints[${i}]`, warnings))
    .filter((p): p is Points => p !== null);
  const sum = points.reduce((s, p) => ({ result: s.result + p.result, total: s.total + p.total }), {
    result: 0,
    total: 0,
  });
  const f = isObj(evalJson.final_score) ? evalJson.final_score : null;
  const final =
    f && typeof f.total === 'number' && typeof f.result === 'number' ? { result: f.result, total: f.total } : sum;
  const ratio = final.total > 0 ? final.result / final.total : 0;
  return {
    points,
    sum,
    final,
    benchmarkScore: 0.5 * ratio + 0.5 * Math.floor(ratio),
    fullCompletion: final.total > 0 && final.result >= final.total,
    notStarted: points.length === 0 && final.total === 0,
  };
}
