import { tokenize, type Bm25Doc, type Bm25Options } from './bm25';
import type { IndexedField } from './field-weights';
import { FILLER_REPORTED_BELOW } from './filler-terms';

/**
 * The per-revision BM25 index retrieval queries. Given plain text documents
 * it gives the same scores as `Bm25Index` (the readable reference and the
 * benchmark's baseline); retrieval gives it weighted fields (field-weights.ts:
 * tf is the weighted sum of occurrences) and per-term filler factors
 * (filler-terms.ts: they multiply the term's weight).
 *
 * Everything that does not depend on the query is computed once, when the
 * index for a bank revision is built:
 *  - a term dictionary (term → id) and, per term, a postings list of
 *    (document, weight) in two typed arrays, where weight is the whole BM25
 *    term contribution `factor(t) · idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl))`
 *    (idf and the document-length normalisation are per revision constants);
 *  - per document, the sorted term ids it contains (for matched terms).
 * A query then only adds floats along the postings of its own terms into a
 * score buffer owned by the index (allocated once; only the touched slots
 * are reset afterwards, so nothing per query is proportional to the corpus),
 * and a caller-supplied adjustment + bounded top-k insertion selects the
 * winners without sorting every match.
 *
 * Not re-entrant by design: a query runs synchronously from start to finish
 * (JavaScript has one thread per isolate), so one scratch buffer per index
 * is enough.
 */
export type TopHit = { position: number; bm25: number; total: number };
/** A document as named fields of tokens, each counting `weight` times per occurrence (field-weights.ts). */
export type FieldDoc<T> = { item: T; fields: IndexedField[] };
export type PostingsOptions = Bm25Options & {
  /** Term → factor multiplying its weight (filler-terms.ts); terms not in the map keep 1. */
  termFactors?: Map<string, number>;
};
/** How a document's BM25 score splits over its fields, and which matched terms counted as filler. */
export type ScoreExplanation = { fields: Record<string, number>; fillerTerms: string[] };

export class PostingsIndex<T> {
  private readonly items: T[];
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postingDocs: Int32Array[] = [];
  private readonly postingWeights: Float64Array[] = [];
  private readonly docTerms: Int32Array[];
  private readonly docFields: IndexedField[][];
  private readonly factors: Float64Array;
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;

  constructor(docs: (Bm25Doc<T> | FieldDoc<T>)[], opts: PostingsOptions = {}) {
    const k1 = opts.k1 ?? 1.2;
    const b = opts.b ?? 0.75;
    this.items = docs.map((d) => d.item);
    this.docFields = docs.map((d) =>
      'fields' in d ? d.fields : [{ name: 'text', weight: 1, tokens: tokenize(d.text) }],
    );
    const tfs = this.docFields.map((fields) => {
      const tf = new Map<number, number>();
      let len = 0;
      for (const { weight, tokens } of fields)
        for (const t of tokens) {
          const id = this.termId(t);
          tf.set(id, (tf.get(id) ?? 0) + weight);
          len++;
        }
      return { tf, len };
    });
    this.factors = Float64Array.from(this.terms, (t) => opts.termFactors?.get(t) ?? 1);
    const n = docs.length;
    const avgdl = tfs.reduce((s, d) => s + d.len, 0) / Math.max(1, n) || 1;
    const df = new Int32Array(this.terms.length);
    for (const { tf } of tfs) for (const id of tf.keys()) df[id]++;
    const fill = new Int32Array(this.terms.length);
    for (let id = 0; id < this.terms.length; id++) {
      this.postingDocs.push(new Int32Array(df[id]));
      this.postingWeights.push(new Float64Array(df[id]));
    }
    this.docTerms = tfs.map(({ tf, len }, doc) => {
      const norm = k1 * (1 - b + (b * len) / avgdl);
      for (const [id, f] of tf) {
        const idf = Math.log(1 + (n - df[id] + 0.5) / (df[id] + 0.5));
        const at = fill[id]++;
        this.postingDocs[id][at] = doc;
        this.postingWeights[id][at] = (this.factors[id] * idf * f * (k1 + 1)) / (f + norm);
      }
      return Int32Array.from([...tf.keys()].sort((x, y) => x - y));
    });
    this.scores = new Float64Array(n);
    this.touched = new Int32Array(n);
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(term, id);
      this.terms.push(term);
    }
    return id;
  }

  get size(): number {
    return this.items.length;
  }

  item(position: number): T {
    return this.items[position];
  }

  /** The (stemmed) term of a term id. */
  term(id: number): string {
    return this.terms[id];
  }

  /** The query's distinct known terms, as ids, in query order. */
  queryTerms(query: string): number[] {
    const ids: number[] = [];
    for (const t of tokenize(query)) {
      const id = this.termIds.get(t);
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /**
   * The k best documents sharing at least one query term, by
   * `adjust(position, bm25)` (the bm25 score itself without `adjust`; -Infinity excludes), best
   * first; ties break on `tieKey` ascending, so equal input gives equal output.
   * `queryWeights[i]` multiplies the contribution of `termIds[i]` (1 when absent).
   */
  topK(
    termIds: number[],
    k: number,
    tieKey: (position: number) => string,
    adjust?: (position: number, bm25: number) => number,
    queryWeights?: ArrayLike<number>,
  ): TopHit[] {
    if (k <= 0) return [];
    const { scores, touched } = this;
    let hits = 0;
    for (let q = 0; q < termIds.length; q++) {
      const id = termIds[q];
      const docs = this.postingDocs[id];
      const weights = this.postingWeights[id];
      const w = queryWeights ? queryWeights[q] : 1;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (scores[doc] === 0) touched[hits++] = doc;
        scores[doc] += w * weights[i];
      }
    }
    const top: TopHit[] = [];
    const better = (total: number, position: number, than: TopHit) =>
      total > than.total || (total === than.total && tieKey(position) < tieKey(than.position));
    for (let h = 0; h < hits; h++) {
      const position = touched[h];
      const bm25 = scores[position];
      scores[position] = 0;
      if (!(bm25 > 0)) continue;
      const total = adjust ? adjust(position, bm25) : bm25;
      if (total === -Infinity) continue; // adjust's way to leave a document out
      if (top.length === k && !better(total, position, top[k - 1])) continue;
      let i = top.length === k ? k - 1 : top.length;
      while (i > 0 && better(total, position, top[i - 1])) {
        top[i] = top[i - 1];
        i--;
      }
      top[i] = { position, bm25, total };
    }
    return top;
  }

  /** The query terms that occur in the document at `position`, in query order. */
  matchedTerms(position: number, termIds: number[]): string[] {
    const own = this.docTerms[position];
    return termIds.filter((id) => binaryHas(own, id)).map((id) => this.terms[id]);
  }

  /**
   * Whether a query term that is not filler (factor at least
   * FILLER_REPORTED_BELOW) occurs in one of the document's fields weighted
   * above `weight`: a match on what the document says it is about, not only
   * in its body. Called for the k winners only.
   */
  matchesAbove(position: number, termIds: number[], weight: number): boolean {
    const fields = this.docFields[position].filter((f) => f.weight > weight);
    return termIds.some(
      (id) => this.factors[id] >= FILLER_REPORTED_BELOW && fields.some((f) => f.tokens.includes(this.terms[id])),
    );
  }

  /**
   * Splits a document's score over its fields (each matched term's weight in
   * proportion to its weighted occurrences per field) and names the matched
   * terms whose filler factor is below FILLER_REPORTED_BELOW. Called for the k
   * winners only. `queryWeights` as in `topK`.
   */
  explain(position: number, termIds: number[], queryWeights?: ArrayLike<number>): ScoreExplanation {
    const fields: Record<string, number> = {};
    for (const f of this.docFields[position]) fields[f.name] = 0;
    const fillerTerms: string[] = [];
    for (let q = 0; q < termIds.length; q++) {
      const id = termIds[q];
      const w = queryWeights ? queryWeights[q] : 1;
      const docs = this.postingDocs[id];
      const at = binaryIndex(docs, position);
      if (at < 0) continue;
      const term = this.terms[id];
      if (this.factors[id] < FILLER_REPORTED_BELOW) fillerTerms.push(term);
      const shares = this.docFields[position].map((f) => f.weight * f.tokens.filter((t) => t === term).length);
      const sum = shares.reduce((a, x) => a + x, 0) || 1;
      this.docFields[position].forEach(
        (f, i) => (fields[f.name] += (w * this.postingWeights[id][at] * shares[i]) / sum),
      );
    }
    return { fields, fillerTerms };
  }
}

function binaryHas(sorted: Int32Array, value: number): boolean {
  return binaryIndex(sorted, value) >= 0;
}

/** Position of `value` in an ascending array, or -1 (postings are filled in document order, so ascending). */
function binaryIndex(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return mid;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
