import { checkpointIds, generalisedText, referencedCheckpoints } from './annotator-text';
import type { PacketDiagnosis } from './packet';
import { stems } from './situation-wording';

/**
 * A task's diagnoses grouped by root cause: several failed checkpoints of one
 * run, or several runs failing the same way, are one lesson, and the card is
 * built from all of them — the strongest first, so a vague or cross-referring
 * diagnosis never becomes the rule when a specific one says the same.
 */
export type RootCause = {
  /** Strongest first. */
  diagnoses: PacketDiagnosis[];
  /** The corrective text the card states, from the strongest diagnosis that has one of its own. */
  rule: string;
  strength: number;
};

/** Shares of corrective-text words above which two diagnoses state the same lesson. */
const SAME_TEXT = 0.5;

/**
 * How much a diagnosis can carry a card: a contrast with a passing run at the
 * diagnosed call, the call itself, and a corrective text of its own (not
 * "same as 33_4") that is specific enough to act on.
 */
export function diagnosisStrength(d: PacketDiagnosis): number {
  const own = generalisedText(d.what_should_have_happened);
  const words = own.split(/\s+/).filter(Boolean).length;
  let s = 0;
  if (d.aligned_step?.passing.length) s += 3;
  if (d.actions_in_span.length) s += 2;
  if (own) s += 2 + Math.min(words, 20) / 10;
  if (generalisedText(d.what_went_wrong)) s += 1;
  return s;
}

function overlap(a: string, b: string): number {
  const x = stems(a);
  const y = stems(b);
  if (x.size === 0 || y.size === 0) return 0;
  const shared = [...x].filter((w) => y.has(w)).length;
  return shared / Math.min(x.size, y.size);
}

/** Diagnosis → the checkpoint ids it is known by (its own name, when that is an id). */
function idsOf(d: PacketDiagnosis): string[] {
  return checkpointIds(d.checkpoint);
}

/**
 * Union-find over the diagnoses: same corrective text (or most of its words),
 * or one pointing at the other's checkpoint ("same root cause as 33_4").
 * Groups are ordered by their strongest diagnosis; ties keep packet order.
 */
export function groupByRootCause(diagnoses: PacketDiagnosis[]): RootCause[] {
  const usable = diagnoses.filter((d) => d.what_should_have_happened.trim() || d.what_went_wrong.trim());
  const parent = usable.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  const join = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const texts = usable.map((d) => generalisedText(d.what_should_have_happened));
  for (let i = 0; i < usable.length; i++) {
    const refs = [
      ...referencedCheckpoints(usable[i].what_should_have_happened),
      ...referencedCheckpoints(usable[i].what_went_wrong),
    ];
    for (let j = 0; j < usable.length; j++) {
      if (i === j) continue;
      if (refs.some((r) => idsOf(usable[j]).includes(r))) join(i, j);
      if (j > i && texts[i] && texts[j] && overlap(texts[i], texts[j]) >= SAME_TEXT) join(i, j);
    }
  }
  const groups = new Map<number, PacketDiagnosis[]>();
  usable.forEach((d, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), d]));
  return [...groups.values()]
    .map((members) => {
      const ranked = members
        .map((d, order) => ({ d, order, s: diagnosisStrength(d) }))
        .sort((a, b) => b.s - a.s || a.order - b.order)
        .map((x) => x.d);
      const rule = ranked.map((d) => generalisedText(d.what_should_have_happened)).find(Boolean) ?? '';
      return { diagnoses: ranked, rule, strength: diagnosisStrength(ranked[0]) + (ranked.length - 1) * 0.5 };
    })
    .filter((g) => g.rule)
    .sort((a, b) => b.strength - a.strength || a.diagnoses[0].index - b.diagnoses[0].index);
}
