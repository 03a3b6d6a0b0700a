import { currentBankIndex } from '@/lib/retrieval/index-cache';
import type { LabelledQuery } from '@/lib/retrieval/labels-file';
import type { BankCardSource, EvalTask, RetrievalLabels } from './retrieval-hits';
import { evaluateRetrieval, formatQuality, type QualityReport } from '@/lib/retrieval/retrieval-quality';

/**
 * eval:reflection's labels as a labels file, for the one evaluation module:
 * each source task's instruction → its own cards; each hand-labelled query
 * task → the cards of the plausible (task, function) pairs that are in the bank.
 */
export function reflectionLabels(tasks: EvalTask[], cards: BankCardSource[], labels: RetrievalLabels) {
  const query = (t: EvalTask) => ({
    task: t.instruction.slice(0, 20_000) || t.externalId,
    ability: t.ability,
    apps: t.apps.slice(0, 50),
  });
  const own: LabelledQuery[] = tasks.flatMap((t) => {
    const relevant = cards.filter((c) => c.sourceTaskIds.has(t.id)).map((c) => c.key);
    return relevant.length ? [{ ...query(t), relevant }] : [];
  });
  const byRef = new Map(tasks.map((t) => [`${t.benchmark} ${t.externalId}`, t]));
  const plausible: LabelledQuery[] = labels.queries.flatMap((q) => {
    const t = byRef.get(`${q.benchmark} ${q.task}`);
    if (!t) return [];
    const relevant = q.plausible.flatMap((p) => {
      const source = byRef.get(`${p.benchmark} ${p.task}`);
      return source
        ? cards.filter((c) => c.sourceTaskIds.has(source.id) && c.functions.includes(p.function)).map((c) => c.key)
        : [];
    });
    return relevant.length ? [{ ...query(t), relevant: [...new Set(relevant)] }] : [];
  });
  return { own, plausible };
}

/** The report lines eval:reflection prints: recall@3, precision@3, MRR and nDCG@3 on the live bank. */
export async function reflectionRetrievalQuality(
  tasks: EvalTask[],
  cards: BankCardSource[],
  labels: RetrievalLabels,
): Promise<{ own: QualityReport; plausible: QualityReport; lines: string[] }> {
  const { index } = await currentBankIndex();
  const sets = reflectionLabels(tasks, cards, labels);
  const own = evaluateRetrieval(index, sets.own);
  const plausible = evaluateRetrieval(index, sets.plausible);
  const summary = (r: QualityReport) => formatQuality(r, 'the bank after approval').slice(1, 2);
  return {
    own,
    plausible,
    lines: [
      `retrieval quality, own cards as the labels: ${summary(own)[0]}`,
      `retrieval quality, hand-labelled plausible cards as the labels: ${summary(plausible)[0]}`,
    ],
  };
}
