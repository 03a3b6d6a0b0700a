import { stemmer } from 'stemmer';

/**
 * Okapi BM25 over small in-memory corpora (a skill bank is tens to hundreds of
 * cards). Written here because the npm options either match substrings
 * (okapibm25) or refuse corpora under three documents (wink-bm25-text-search).
 *
 *   score(d, q) = Σ_t∈q idf(t) · tf(t,d)·(k1+1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 *   idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))      (never negative)
 */
export type Bm25Options = { k1?: number; b?: number };
export type Bm25Doc<T> = { item: T; text: string };
export type Bm25Hit<T> = { item: T; score: number };

/** English function words (NLTK's English list, with "one" as the pronoun it mostly is in a request). */
const STOPWORDS = new Set(
  'a an and are as at be before by for from has have if in into is it its of on or that the then this to was were when which while with without not no do does did any all each every only than i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself itself they them their theirs themselves what who whom these those am been being had having doing but because until about against between through during after above below up down out off over under again further once here there where why how both few more most other some such nor own same so too very can will just don should now one'.split(
    ' ',
  ),
);

/**
 * Lowercase word tokens, stemmed; splits App.function and snake_case so
 * "search_messages" matches "search". The stemmer is the `stemmer` package
 * (Porter's algorithm, maintained, no dependencies) rather than a hand-written
 * suffix stripper: a task says "cancellation", "changing", "reservations"
 * where a card says "cancel", "change", "reservation", and the hand-written
 * rules missed most of those pairs. The stopwords are English function words
 * only ("up", "out", "after", "same", "one" among them: "look up", "the
 * current one" say nothing about a topic); domain filler ("user", "ask", "call") is down-weighted by its
 * frequency across the bank (filler-terms.ts), not listed here.
 */
export function tokenize(text: string): string[] {
  return words(text).map(stem);
}

/** Stem → the first word of `text` it came from: matched terms are shown as the task wrote them. */
export function surfaceWords(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const w of words(text)) {
    const t = stem(w);
    if (!out.has(t)) out.set(t, w);
  }
  return out;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<[a-z_]+>/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

/** Digits and short words pass through (Porter would turn "was"/"is"-like leftovers into noise). */
function stem(w: string): string {
  return w.length > 3 && !/\d/.test(w) ? stemmer(w) : w;
}

export class Bm25Index<T> {
  private readonly docs: { item: T; tf: Map<string, number>; len: number }[];
  private readonly df = new Map<string, number>();
  /** term → (document position, term frequency): a query only touches documents that contain its terms. */
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly avgdl: number;
  private readonly k1: number;
  private readonly b: number;

  constructor(docs: Bm25Doc<T>[], opts: Bm25Options = {}) {
    this.k1 = opts.k1 ?? 1.2;
    this.b = opts.b ?? 0.75;
    this.docs = docs.map(({ item, text }) => {
      const tokens = tokenize(text);
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      return { item, tf, len: tokens.length };
    });
    this.docs.forEach((d, doc) => {
      for (const [t, tf] of d.tf) {
        const list = this.postings.get(t);
        if (list) list.push({ doc, tf });
        else this.postings.set(t, [{ doc, tf }]);
      }
    });
    this.avgdl = this.docs.reduce((s, d) => s + d.len, 0) / Math.max(1, this.docs.length);
  }

  get size() {
    return this.docs.length;
  }

  private idf(term: string): number {
    const n = this.docs.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  private termScore(idf: number, tf: number, len: number): number {
    return (idf * tf * (this.k1 + 1)) / (tf + this.k1 * (1 - this.b + (this.b * len) / (this.avgdl || 1)));
  }

  private scoreDoc(doc: (typeof this.docs)[number], terms: string[]): number {
    let score = 0;
    for (const t of terms) {
      const tf = doc.tf.get(t);
      if (!tf) continue;
      score += this.termScore(this.idf(t), tf, doc.len);
    }
    return score;
  }

  /**
   * Scores the query through the postings: only documents containing a query
   * term are touched (cost ∝ matching postings, not corpus size). Returns the
   * touched document positions (in first-touch order) and a score per
   * position. Same scores as `search`.
   */
  score(query: string): { terms: string[]; hits: number[]; scores: Float64Array } {
    const terms = [...new Set(tokenize(query))];
    const scores = new Float64Array(this.docs.length);
    const hits: number[] = [];
    for (const t of terms) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = this.idf(t);
      for (const { doc, tf } of list) {
        if (scores[doc] === 0) hits.push(doc);
        scores[doc] += this.termScore(idf, tf, this.docs[doc].len);
      }
    }
    return { terms, hits, scores };
  }

  item(position: number): T {
    return this.docs[position].item;
  }

  /** The query terms (tokenized) that occur in the document at `position`, in query order. */
  matchedTerms(position: number, terms: string[]): string[] {
    const tf = this.docs[position].tf;
    return terms.filter((t) => tf.has(t));
  }

  /** Every document scored against the query, best first (ties keep input order). */
  search(query: string): Bm25Hit<T>[] {
    const terms = [...new Set(tokenize(query))];
    return this.docs
      .map((d, i) => ({ item: d.item, score: this.scoreDoc(d, terms), i }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ item, score }) => ({ item, score }));
  }

  /**
   * Query score relative to the document's score against its own text, in
   * [0, 1]-ish: a scale-free similarity the offline curator thresholds on.
   */
  similarity(query: string): Bm25Hit<T>[] {
    const terms = [...new Set(tokenize(query))];
    return this.docs
      .map((d, i) => {
        const self = this.scoreDoc(d, [...d.tf.keys()]);
        const raw = this.scoreDoc(d, terms);
        return { item: d.item, score: self > 0 ? Math.min(1, raw / self) : 0, i };
      })
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ item, score }) => ({ item, score }));
  }
}
