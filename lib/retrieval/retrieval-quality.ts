import { DEFAULT_FUNCTION_K, type RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import type { LabelledQuery } from '@/lib/retrieval/labels-file';

/**
 * Retrieval quality against labels (the one evaluation module: eval:retrieval,
 * eval:reflection, the release page and the preview all call it). For each
 * labelled query it runs the retrieval `/api/retrieve` runs on the given bank
 * index and scores the ranking with binary relevance:
 *
 *   recall@k    = |relevant ∩ top k| / |relevant|
 *   precision@k = |relevant ∩ top k| / |top k returned|   (0 when nothing came back; the
 *                 ranking returns fewer than k rather than filler, so it divides by what it returned)
 *   MRR         = 1 / rank of the first relevant card (0 when none is in the top k)
 *   nDCG@k      = Σ_{i ≤ k, card i relevant} 1/log2(i + 1)  ÷  the same for an ideal ranking
 *
 * Skill cards and function cards are separate rankings (the block holds up
 * to k skill and 2 function cards), so each kind is scored against the
 * relevant keys of its own kind, over the queries that have any; the means
 * are over those queries. A miss is a relevant card not in the top k.
 */
export type Kind = 'skill' | 'function';
export type QueryScore = {
  task: string;
  ability: string | null;
  kind: Kind;
  recall: number;
  precision: number;
  reciprocalRank: number;
  ndcg: number;
  returned: string[];
  relevant: string[];
  missed: string[];
};
export type Metrics = { queries: number; recall: number; precision: number; mrr: number; ndcg: number };
export type QualityReport = {
  k: number;
  skill: Metrics;
  function: Metrics;
  rows: QueryScore[];
  /** Relevant keys that are not cards of this bank (retired, merged, or from another bank). */
  unknownKeys: string[];
};

export const DEFAULT_EVAL_K = 3;

/** Scores one ranking against its relevant keys (pure; the formulas above). */
export function scoreRanking(returned: string[], relevant: string[], k: number) {
  const rel = new Set(relevant);
  const top = returned.slice(0, k);
  const hits = top.filter((key) => rel.has(key)).length;
  const first = top.findIndex((key) => rel.has(key));
  const dcg = top.reduce((s, key, i) => s + (rel.has(key) ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(k, rel.size); i++) ideal += 1 / Math.log2(i + 2);
  return {
    recall: rel.size ? hits / rel.size : 0,
    precision: top.length ? hits / top.length : 0,
    reciprocalRank: first >= 0 ? 1 / (first + 1) : 0,
    ndcg: ideal ? dcg / ideal : 0,
    missed: relevant.filter((key) => !top.includes(key)),
  };
}

function mean(rows: QueryScore[]): Metrics {
  const avg = (f: (r: QueryScore) => number) => (rows.length ? rows.reduce((s, r) => s + f(r), 0) / rows.length : 0);
  return {
    queries: rows.length,
    recall: avg((r) => r.recall),
    precision: avg((r) => r.precision),
    mrr: avg((r) => r.reciprocalRank),
    ndcg: avg((r) => r.ndcg),
  };
}

/** Runs every labelled query against one bank index (live or a release) and scores it. */
export function evaluateRetrieval(index: RetrievalIndex, labels: LabelledQuery[], k = DEFAULT_EVAL_K): QualityReport {
  const known = new Set(index.cards.map((c) => c.key));
  const unknownKeys = new Set<string>();
  const rows: QueryScore[] = [];
  for (const q of labels) {
    const res = runRetrieval(index, 'eval', { task: q.task, apps: q.apps, ability: q.ability ?? null, k }).response;
    for (const kind of ['skill', 'function'] as const) {
      const relevant = [...new Set(q.relevant.filter((key) => key.startsWith(`${kind}::`)))];
      if (relevant.length === 0) continue;
      for (const key of relevant) if (!known.has(key)) unknownKeys.add(key);
      const returned = (kind === 'skill' ? res.skillCards : res.functionCards).map((c) => c.key);
      const cutoff = kind === 'skill' ? k : DEFAULT_FUNCTION_K;
      rows.push({
        task: q.task,
        ability: q.ability ?? null,
        kind,
        returned,
        relevant,
        ...scoreRanking(returned, relevant, cutoff),
      });
    }
  }
  return {
    k,
    skill: mean(rows.filter((r) => r.kind === 'skill')),
    function: mean(rows.filter((r) => r.kind === 'function')),
    rows,
    unknownKeys: [...unknownKeys].sort(),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Plain-text report: the means per kind, then every query with a miss (what came back instead). */
export function formatQuality(report: QualityReport, bank: string): string[] {
  const line = (kind: Kind, m: Metrics) =>
    m.queries
      ? `${kind} cards (${m.queries} labelled queries): recall@${report.k} ${pct(m.recall)}, precision@${report.k} ${pct(m.precision)}, MRR ${m.mrr.toFixed(3)}, nDCG@${report.k} ${m.ndcg.toFixed(3)}`
      : `${kind} cards: no labelled queries`;
  const misses = report.rows
    .filter((r) => r.missed.length)
    .map(
      (r) =>
        `  miss (${r.kind}) "${r.task.slice(0, 80)}": wanted ${r.missed.join(', ')}; got ${r.returned.join(', ') || 'nothing'}`,
    );
  return [
    `retrieval quality on ${bank}, k = ${report.k}`,
    line('skill', report.skill),
    line('function', report.function),
    ...misses,
    ...(report.unknownKeys.length ? [`  labelled keys not in this bank: ${report.unknownKeys.join(', ')}`] : []),
  ];
}
