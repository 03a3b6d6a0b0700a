/**
 * Domain filler ("user", "ask", "call", "task") is not a fixed stopword list:
 * what is filler depends on the bank. A term's weight is scaled by how rare it
 * is across the WHOLE bank revision (every ability's skill cards and every
 * function card), not only the ability bank being searched — an ability bank
 * holds few cards, so its own idf barely separates "user" from "baggage", while
 * across the bank "user" sits on most cards.
 *
 *   idf_all(t)    = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))   over the whole bank
 *   filler(t)     = min(1, idf_all(t) / idf_all at df = max(FILLER_MIN_CARDS, FILLER_SHARE·N))
 *
 * A term on at most FILLER_SHARE of the bank's cards keeps its full weight; a
 * term on half of them keeps about a third, on nine tenths about a tenth. A
 * term on fewer than FILLER_MIN_CARDS cards is never filler: in a bank of a
 * handful of cards a shared word is evidence of a shared topic, not of
 * filler. It multiplies the term's BM25 weight in the ability bank
 * (postings-index.ts).
 */
export const FILLER_SHARE = 0.1;
export const FILLER_MIN_CARDS = 5;
/** Below this factor the preview and the API list a matched term as filler. */
export const FILLER_REPORTED_BELOW = 0.5;

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Term → factor in (0, 1], from the distinct terms of each card of the whole bank. */
export function fillerFactors(cardTerms: Iterable<Iterable<string>>): Map<string, number> {
  const df = new Map<string, number>();
  let n = 0;
  for (const terms of cardTerms) {
    n++;
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const ref = Math.max(FILLER_MIN_CARDS, FILLER_SHARE * n);
  const full = idf(n, ref);
  const factors = new Map<string, number>();
  if (ref >= n || !(full > 0)) return factors;
  for (const [t, d] of df) if (d > ref) factors.set(t, idf(n, d) / full);
  return factors;
}
