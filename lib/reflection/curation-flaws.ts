import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { checkpointIds, crossReferences, graderWording, sentences } from './annotator-text';
import { runtimeFields } from './evaluator-wording';
import { fnOf, human } from './offline-wording';
import { isCutMidPhrase, stems } from './situation-wording';
import type { ValidationIssue } from './validate-card';

/**
 * Curation flaws: what made reviewers rewrite proposals that had passed
 * schema, privacy and evidence checks (issue 40). Each detector is a plain
 * function of the proposal and its inputs; the curator step turns what they
 * find into validation issues (rule "curation"), so a flawed proposal is
 * flagged, with the reason, before a reviewer opens it, and
 * `npm run eval:reflection` counts them per proposal.
 */
export type CurationFlawKind =
  | 'checkpoint_id'
  | 'checkpoint_reference'
  | 'grader_wording'
  | 'copied_diagnosis'
  | 'tool_named'
  | 'template_slot'
  | 'cut_phrase'
  | 'unrelated_patch'
  | 'duplicate_title';

export type CurationFlaw = { flaw: CurationFlawKind; path: string; message: string };

export const CURATION_FLAW_LABELS: Record<CurationFlawKind, string> = {
  checkpoint_id: 'checkpoint id',
  checkpoint_reference: 'reference to another checkpoint',
  grader_wording: 'grader vocabulary',
  copied_diagnosis: "annotator's words copied",
  tool_named: 'named after a tool',
  template_slot: 'template text',
  cut_phrase: 'cut mid-phrase',
  unrelated_patch: 'patch of an unrelated card',
  duplicate_title: 'same title as another ADD of this run',
};

/**
 * What the detectors compare a card with: what annotators said went wrong
 * (a run's story), what they said should have happened (the rule the card
 * may restate), and the functions in play.
 */
export type CurationContext = { narratives: string[]; corrections: string[]; functions: string[] };

/** The detectors' inputs for one task: every annotator text the packet carries, every function observed. */
export function curationContextOf(
  packet: { diagnoses: { what_went_wrong: string; what_should_have_happened: string }[] },
  observedTools: string[],
): CurationContext {
  return {
    narratives: packet.diagnoses.map((d) => d.what_went_wrong).filter(Boolean),
    corrections: packet.diagnoses.map((d) => d.what_should_have_happened).filter(Boolean),
    functions: observedTools,
  };
}

/** Share of situation words a PATCH/MERGE/NARROW delta must share with its target (overlap coefficient). */
export const SITUATION_FLOOR = 0.3;

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9<>]+/g, ' ')
    .trim();

/** Every flaw of one proposed card's text. */
export function cardFlaws(card: SkillCardContent, ctx: CurationContext, prefix = ''): CurationFlaw[] {
  const out: CurationFlaw[] = [];
  const add = (flaw: CurationFlawKind, path: string, message: string) =>
    out.push({ flaw, path: `${prefix}${path}`, message });
  const functions = [...new Set([...ctx.functions, ...card.functions_used])];
  for (const { path, text } of runtimeFields(card)) {
    for (const id of checkpointIds(text)) add('checkpoint_id', path, `names checkpoint "${id}"`);
    for (const ref of crossReferences(text))
      add('checkpoint_reference', path, `points at another diagnosis ("${ref}")`);
    for (const g of graderWording(text)) add('grader_wording', path, `uses grader vocabulary ("${g}")`);
    const slot = templateSlot(text, functions);
    if (slot) add('template_slot', path, slot);
  }
  for (const [path, text] of [
    ['title', card.title],
    ['applies_when', card.applies_when],
    ['solves', card.solves],
    ['skill.core_rule', card.skill.core_rule],
  ] as const) {
    if (isCutMidPhrase(text)) add('cut_phrase', path, `stops mid-phrase ("…${text.slice(-30)}")`);
  }
  // A run's story retold is not a rule: no runtime field but the failure contrast may repeat it word for word.
  const story = ctx.narratives.flatMap(sentences).filter((x) => x.split(/\s+/).length >= 5);
  for (const { path, text } of runtimeFields(card)) {
    if (path.startsWith('skill.failure_contrast')) continue;
    const copied = story.find((x) => norm(text).includes(norm(x)));
    if (copied)
      add(
        'copied_diagnosis',
        path,
        `retells the diagnosed run ("${copied.slice(0, 80)}") instead of stating the behaviour`,
      );
  }
  // A title or trigger that is only the annotator's corrective sentence names no situation.
  const corrections = ctx.corrections.flatMap(sentences).map(norm);
  for (const [path, text] of [
    ['title', card.title],
    ['applies_when', card.applies_when],
  ] as const) {
    const t = norm(text);
    if (t.split(' ').length >= 4 && corrections.some((c) => c === t || c.includes(t)))
      add('copied_diagnosis', path, "is the annotator's corrective sentence, with no situation of its own");
  }
  const titleTool = toolInTitle(card.title, functions);
  if (titleTool) add('tool_named', 'title', titleTool);
  if (onlyFunctionNames(card.applies_when, functions))
    add(
      'tool_named',
      'applies_when',
      'names only a function, not an observable situation (functions go in functions_used)',
    );
  return out;
}

/** Empty or self-referential slots a template left: "airline.calculate returned the calculate", `""`, "the ,". */
function templateSlot(text: string, functions: string[]): string | null {
  const empty = text.match(
    /""|''|\(\s*\)|\[\s*\]|\{\{|\}\}|\$\{|\bundefined\b|\bNaN\b|\[object Object\]|\s[,.;:](?!\w)/,
  );
  if (empty) return `has an empty slot ("${empty[0].trim()}")`;
  const dangling = text.match(/\b(?:the|a|an)\s*[,.;:](?:\s|$)/i);
  if (dangling) return `has an empty slot ("${dangling[0].trim()}")`;
  const doubled = text.match(/\b(the|a|an|of|to|in|for|with|and)\s+\1\b/i);
  if (doubled) return `repeats "${doubled[0]}"`;
  for (const f of functions) {
    const name = human(fnOf(f)).toLowerCase();
    if (text.includes(f) && new RegExp(`\\bthe (?:updated )?${escape(name)}\\b`, 'i').test(text))
      return `refers to ${f} by its own name ("the ${name}"), a slot the template could not fill`;
  }
  return null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A title keyed to a tool: a raw App.function, "Call …", or a function's name as the lead ("Get reservation details: …"). */
function toolInTitle(title: string, functions: string[]): string | null {
  const raw = functions.find((f) => title.includes(f)) ?? title.match(/\b[a-z][\w-]*\.[a-z][a-z0-9]*_[\w-]+\b/)?.[0];
  if (raw) return `names the function ${raw} instead of the situation`;
  const t = title.toLowerCase();
  for (const f of functions) {
    const name = human(fnOf(f)).toLowerCase();
    const words = name.split(' ').length;
    if (t.startsWith(`${name}:`) || (words >= 2 && new RegExp(`^(?:call|use|run)\\s+${escape(name)}\\b`).test(t)))
      return `is keyed to the tool ${f} ("${title.slice(0, name.length + 5)}…") rather than the behaviour`;
    if (words >= 3 && t.includes(name)) return `names the function ${f} ("${name}") instead of the situation`;
  }
  return null;
}

const TRIGGER_FILLER = new Set(
  'the a an task reaches reached step call calls called calling such as where when of to is are was at this point agent user run runs passing failing before after then with and or function tool'.split(
    ' ',
  ),
);

/** True when a trigger says nothing but which function is called. */
function onlyFunctionNames(text: string, functions: string[]): boolean {
  let rest = text.toLowerCase();
  for (const f of functions)
    rest = rest
      .split(f.toLowerCase())
      .join(' ')
      .split(human(fnOf(f)).toLowerCase())
      .join(' ');
  rest = rest.replace(/\b[a-z][\w-]*\.[a-z][\w-]*\b/g, ' ');
  const words = rest.split(/[^a-z]+/).filter((w) => w.length > 1 && !TRIGGER_FILLER.has(w));
  return words.length < 3;
}

/** How much two cards are about the same situation: shared words of title, trigger and tags (overlap coefficient). */
export function situationSimilarity(a: SkillCardContent, b: SkillCardContent): { score: number; shared: string[] } {
  const words = (c: SkillCardContent) => stems(`${c.title} ${c.applies_when} ${c.tags.join(' ')}`);
  const x = words(a);
  const y = words(b);
  const shared = [...x].filter((w) => y.has(w));
  return { score: x.size && y.size ? shared.length / Math.min(x.size, y.size) : 0, shared };
}

/** A PATCH, MERGE or NARROW whose delta is about another situation than the card it edits. */
export function patchFlaws(
  operation: string,
  delta: SkillCardContent,
  targets: { key: string; content: SkillCardContent }[],
): CurationFlaw[] {
  if (!['PATCH_CARD', 'MERGE_CARD', 'NARROW_TRIGGER'].includes(operation)) return [];
  return targets.flatMap((t) => {
    const sim = situationSimilarity(delta, t.content);
    return sim.score >= SITUATION_FLOOR
      ? []
      : [
          {
            flaw: 'unrelated_patch' as const,
            path: 'target_card_id',
            message: `edits ${t.key} ("${t.content.title.slice(0, 60)}"), which is about another situation: they share ${Math.round(sim.score * 100)}% of their situation words (floor ${Math.round(SITUATION_FLOOR * 100)}%)`,
          },
        ];
  });
}

/** ADDs of one run with the same title (approval would refuse the second): the later ones are flagged. */
export function duplicateTitleFlaws(adds: { index: number; title: string | null }[]): Map<number, CurationFlaw[]> {
  const first = new Map<string, number>();
  const out = new Map<number, CurationFlaw[]>();
  for (const a of adds) {
    if (!a.title) continue;
    const k = a.title.trim().toLowerCase();
    const seen = first.get(k);
    if (seen === undefined) first.set(k, a.index);
    else
      out.set(a.index, [
        {
          flaw: 'duplicate_title',
          path: 'new_or_updated_card.title',
          message: `delta ${seen} of this run adds a card with the same title "${a.title.slice(0, 60)}"`,
        },
      ]);
  }
  return out;
}

export function asValidationIssues(flaws: CurationFlaw[]): ValidationIssue[] {
  return flaws.map((f) => ({
    rule: 'curation',
    path: f.path,
    message: `${CURATION_FLAW_LABELS[f.flaw]}: ${f.message}`,
  }));
}
