import { tokenize, type Bm25Doc, type Bm25Options } from './bm25';

/**
 * The per-revision BM25 index retrieval queries (same scores as `Bm25Index`,
 * which stays as the readable reference and the benchmark's baseline).
 *
 * Everything that does not depend on the query is computed once, when the
 * index for a bank revision is built:
 *  - a term dictionary (term → id) and, per term, a postings list of
 *    (document, weight) in two typed arrays, where weight is the whole BM25
 *    term contribution `idf(t) · tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl))`
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

export class PostingsIndex<T> {
  private readonly items: T[];
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postingDocs: Int32Array[] = [];
  private readonly postingWeights: Float64Array[] = [];
  private readonly docTerms: Int32Array[];
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;

  constructor(docs: Bm25Doc<T>[], opts: Bm25Options = {}) {
    const k1 = opts.k1 ?? 1.2;
    const b = opts.b ?? 0.75;
    this.items = docs.map((d) => d.item);
    const tfs = docs.map(({ text }) => {
      const tf = new Map<number, number>();
      let len = 0;
      for (const t of tokenize(text)) {
        tf.set(this.termId(t), (tf.get(this.termId(t)) ?? 0) + 1);
        len++;
      }
      return { tf, len };
    });
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
        this.postingWeights[id][at] = (idf * f * (k1 + 1)) / (f + norm);
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
   */
  topK(
    termIds: number[],
    k: number,
    tieKey: (position: number) => string,
    adjust?: (position: number, bm25: number) => number,
  ): TopHit[] {
    if (k <= 0) return [];
    const { scores, touched } = this;
    let hits = 0;
    for (const id of termIds) {
      const docs = this.postingDocs[id];
      const weights = this.postingWeights[id];
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (scores[doc] === 0) touched[hits++] = doc;
        scores[doc] += weights[i];
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
}

function binaryHas(sorted: Int32Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
