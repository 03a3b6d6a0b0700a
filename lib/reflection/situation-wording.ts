import nlp from 'compromise';
import { goalClauses } from '@/lib/retrieval/task-goals';
import { fnOf, human } from './offline-wording';
import { isStateChanging } from './tool-effects';

/**
 * Words for the situation a card is about, so a new task's instruction can
 * match it: what the user wanted (the instruction's goal), what the agent was
 * doing at the decision (the call at the divergence, said as an action, not
 * as a function name). Function names stay in `functions_used` (docs/architecture.md "Cards").
 */

/** Words a phrase may not end on: ending there means it was cut mid-phrase. */
const DANGLING = new Set(
  'a an the of to at in on for with by from and or but nor so than then this that these those its their your my our before after instead into onto about as is are was were be been which who whose when while where if because without between via per'.split(
    ' ',
  ),
);

const NEVER_LAST = new Set('a an the and or'.split(' '));
const PREPOSITIONS = new Set('of to at in on for with by from about into onto'.split(' '));

/** True when a title or trigger stops mid-phrase: an ellipsis, a dangling word, an open bracket or quote. */
export function isCutMidPhrase(text: string): boolean {
  const t = text.trim();
  if (!t) return true;
  if (/(?:…|\.\.\.)$/.test(t)) return true;
  // A full sentence may end on "instead." or "before."; only an article or a conjunction cannot end one.
  const sentence = /[.!?]$/.test(t);
  const words = t.replace(/[.!?]+$/, '').split(/\s+/);
  const last = words.at(-1)!.toLowerCase();
  // "the bags the user asked for" ends on a preposition the verb before it takes: a whole phrase.
  const stranded = PREPOSITIONS.has(last) && words.length > 1 && nlp(words.at(-2)!).has('#Verb');
  if (!stranded && (sentence ? NEVER_LAST.has(last) : DANGLING.has(last))) return true;
  if (/[,;:(\-–—]$/.test(t)) return true;
  const open = (t.match(/\(/g) ?? []).length !== (t.match(/\)/g) ?? []).length;
  const quotes = (t.match(/"/g) ?? []).length % 2 === 1;
  return open || quotes;
}

/**
 * `text` if it fits in `max` characters, else its longest leading part that
 * ends at a clause boundary (comma, semicolon, "and", "before", "so") and
 * reads as a whole phrase; null when there is none. Never cuts inside a clause.
 */
export function fitPhrase(text: string, max: number): string | null {
  const t = text.trim().replace(/[.;:,]+$/, '');
  if (t.length <= max && !isCutMidPhrase(t)) return t;
  const boundary = /,\s+|;\s+|\s+(?=(?:and|before|so|but|then|because|which|while|when)\s)/g;
  let best: string | null = null;
  for (const m of t.matchAll(boundary)) {
    const head = t.slice(0, m.index).trim();
    if (head.length > max) break;
    if (head.split(/\s+/).length >= 3 && !isCutMidPhrase(head)) best = head;
  }
  return best;
}

export const lowerFirst = (s: string) => (s ? s[0].toLowerCase() + s.slice(1) : s);
export const upperFirst = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "change" → "changing", "went ahead" → "going ahead" (compromise conjugates; the verb is forced as such). */
export function gerundOf(verb: string): string {
  const doc = nlp(verb);
  doc.tag('Verb');
  const forms = doc.verbs().conjugate()[0] as { Gerund?: string } | undefined;
  return forms?.Gerund ?? `${verb}ing`;
}

/**
 * A narrative of what one run did ("Changed the flight without checking…")
 * as the behaviour it names ("changing the flight without checking…"), so the
 * card states a pattern rather than retelling the run.
 */
export function asBehaviour(narrative: string): string | null {
  const t = narrative.trim().replace(/[.]+$/, '');
  const m = t.match(/^(never|not|only)?\s*([A-Za-z]+)(\s+(?:ahead|up|out|back|on|off|over))?\b(.*)$/i);
  if (!m) return null;
  const [, adverb, verb, particle = '', rest] = m;
  const doc = nlp(`${verb}${particle}`);
  if (!doc.has('^#Verb')) return null;
  const gerund = gerundOf(`${verb}${particle}`.toLowerCase());
  const lead = adverb ? `${adverb.toLowerCase() === 'never' ? 'not' : adverb.toLowerCase()} ` : '';
  return `${lead}${gerund}${rest}`;
}

/** A narrative that does not start with a verb ("The new booking differed…") as a general statement, in the present tense. */
export function asPattern(narrative: string): string {
  const doc = nlp(narrative.trim().replace(/[.]+$/, ''));
  doc.sentences().toPresentTense();
  return doc.text();
}

/** Function-name verbs as what the agent is doing, for tools whose name is not plain English. */
const ACTIONS: Record<string, [gerund: string, imperative: string]> = {
  get: ['looking up', 'look up'],
  read: ['reading', 'read'],
  fetch: ['looking up', 'look up'],
  list: ['listing', 'list'],
  search: ['searching for', 'search for'],
  find: ['looking for', 'look for'],
  update: ['changing', 'change'],
  modify: ['changing', 'change'],
  calculate: ['working out', 'work out'],
  think: ['', ''],
};
/** Objects that hold other objects: "reservation flights" reads "the flights of a reservation". */
const CONTAINERS = new Set([
  'reservation',
  'booking',
  'order',
  'user',
  'account',
  'message',
  'thread',
  'ticket',
  'project',
  'repo',
  'issue',
  'file',
  'folder',
  'cart',
  'event',
  'calendar',
]);
const FILLER_NOUNS = new Set(['details', 'detail', 'info', 'information', 'data', 'by', 'all', 'of', 'for', 'to']);

/**
 * A tool call as an action on an object: "airline.update_reservation_flights"
 * → { gerund: "changing the flights of a reservation", imperative: "change the
 * flights of a reservation" }; null for tools that are not an action (think).
 */
export function toolAction(tool: string): { gerund: string; imperative: string } | null {
  const parts = fnOf(tool).toLowerCase().split(/[_-]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const [verb, ...rest] = parts;
  const known = ACTIONS[verb];
  if (known && !known[0]) return null;
  const nouns = rest.filter((w) => !FILLER_NOUNS.has(w));
  const isVerb = known || nlp(verb).has('#Verb') || isStateChanging(tool);
  if (!isVerb) return null;
  const [gerund, imperative] = known ?? [gerundOf(verb), verb];
  const object =
    rest[0] === 'to'
      ? human(rest.join(' '))
      : nouns.length >= 2 && CONTAINERS.has(nouns[0])
        ? `the ${nouns.slice(1).join(' ')} of a ${nouns[0]}`
        : nouns.length >= 2
          ? `the ${nouns.join(' ')}`
          : nouns.length === 1
            ? `the ${nouns[0]}`
            : verb === 'calculate'
              ? 'the amount'
              : '';
  return {
    gerund: `${gerund}${object ? ` ${object}` : ''}`,
    imperative: `${imperative}${object ? ` ${object}` : ''}`,
  };
}

/** Person words of a user instruction, made general ("your reservation" → "the reservation"). */
function depersonalise(s: string): string {
  return s
    .replace(/\byourself\b/gi, 'the user')
    .replace(/\b(?:your|my|his|her|their)\b/gi, 'the')
    .replace(/\b(?:you|me)\b/gi, 'the user')
    .replace(/\bthe the\b/gi, 'the');
}

/** Names of places, people and organisations de-identification missed ("Newark", "NY"): scenario values too. */
function withoutNames(s: string): string {
  let out = s;
  for (const name of nlp(s).match('(#Place|#Person|#Organization|#Acronym|#ProperNoun)+').out('array') as string[])
    out = out.split(name).join('<TEXT>');
  return out;
}

/** Prepositional phrases that only carry a scenario value ("from <LOCATION> to <LOCATION>", "on <DATE_OR_TIME>"). */
function withoutScenarioValues(s: string): string {
  return withoutNames(s)
    .replace(/\([^)]*\)/g, ' ')
    .replace(
      /\s*\b(?:from|to|on|at|in|for|by|with|between|of|until|before|after)\s+(?:the\s+)?(?:<[A-Z_]+>|\d[\w:/.-]*)(?:\s*(?:,|and|or|to|-)\s*(?:<[A-Z_]+>|\d[\w:/.-]*))*/g,
      ' ',
    )
    .replace(/<[A-Z_]+>|\b\d[\w:/.-]*\b/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * The goals a user instruction states ("you want to change…, upgrade… and
 * have…"), each as an infinitive phrase without scenario values:
 * ["change the passenger to the user", "upgrade to economy class", …].
 */
export function instructionGoals(instruction: string): string[] {
  // The same goal clauses retrieval weighs (lib/retrieval/task-goals.ts): a card's situation and a task's query meet.
  const clauses = goalClauses(instruction);
  // An instruction written as a command ("Find every unread message…, then reply…") states its goals directly.
  if (clauses.length === 0)
    // A semicolon ends a command as a full stop does ("Book the cheapest flight…; try a one-stop flight…").
    for (const s of instruction.split(/(?<=[.!?;])\s+|\n+/).slice(0, 3)) {
      const text = s.replace(/^[A-Z][a-z ]+:\s*/, '');
      if (nlp(text).has('^#Imperative') || nlp(text.split(/\s+/)[0] ?? '').has('^#Infinitive')) clauses.push(text);
    }
  const out: string[] = [];
  for (const raw of clauses) {
    const clause = raw.split(/\s+(?:because|since|so that|but|which|who|that|if|as|without|although)\s+/i)[0];
    for (const part of clause.split(/,\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+(?=[a-z]+\s)/i)) {
      const phrase = depersonalise(withoutScenarioValues(part.replace(/[.!?;]+$/, '')))
        .replace(/\s+\bit\b/i, '')
        .trim();
      const words = phrase.split(/\s+/);
      if (words.length < 2 || !words.slice(1).some((w) => /^[a-z]{3,}$/i.test(w) && !DANGLING.has(w.toLowerCase())))
        continue;
      if (nlp(words[0]).has('(#Determiner|#Pronoun|#Preposition|#Adverb|#Conjunction)')) continue;
      const fitted = shortVerbPhrase(lowerFirst(phrase), 60);
      if (fitted) out.push(fitted);
    }
  }
  return [...new Set(out)];
}

/** A verb phrase of at most `max` characters, cut before a preposition so it stays whole ("change the upcoming flight"). */
function shortVerbPhrase(phrase: string, max: number): string | null {
  if (phrase.length <= max && !isCutMidPhrase(phrase)) return phrase;
  let best: string | null = null;
  for (const m of phrase.matchAll(/\s+(?=(?:to|on|for|from|with|at|in|by|of|after|before)\s)/g)) {
    const head = phrase.slice(0, m.index).trim();
    if (head.length > max) break;
    if (head.split(/\s+/).length >= 2 && !isCutMidPhrase(head)) best = head;
  }
  return best;
}

/** Crude word stems for overlap between short texts ("booking"/"booked"/"book" meet; "baggages"/"bags" do not). */
export function stems(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/<[a-z_]+>/g, ' ')
      .split(/[^a-z]+/)
      .filter((w) => w.length > 2 && !DANGLING.has(w) && !SITUATION_FILLER.has(w))
      .map((w) =>
        (w.length > 4 ? w.replace(/(?:ing|ed|es|s)$/, '').replace(/([b-df-hj-np-tv-z])\1$/, '$1') : w).slice(0, 5),
      ),
  );
}

/** Words every card of a bank shares; they say nothing about which situation a card is about. */
const SITUATION_FILLER = new Set(
  'user users agent task step call calls called calling run runs passing failing reaches point next should would when what does done ask asked asks tell told make made use used using new any some every each other more most been being have has had will can could also then than there here them they its just only very into onto want wants wanted need needs'.split(
    ' ',
  ),
);

/**
 * The goal of the instruction this decision is most about (shared words), or
 * null when none is. A goal whose verb is the action at the decision ("book a
 * flight" for a booking call) wins a tie against one that only shares nouns.
 */
export function bestGoal(goals: string[], about: string, actionVerbs: string[] = []): string | null {
  const target = stems(about);
  const verbs = stems(actionVerbs.join(' '));
  let best: { goal: string; score: number } | null = null;
  for (const goal of goals) {
    const shared = [...stems(goal)].filter((w) => target.has(w)).length;
    const verb = [...stems(goal.split(/\s+/)[0] ?? '')].some((w) => verbs.has(w)) ? 2 : 0;
    const score = shared + (shared > 0 ? verb : 0);
    if (score > 0 && (!best || score > best.score)) best = { goal, score };
  }
  return best?.goal ?? null;
}

/** "change the flights" → "Changing the flights" (the situation as a title's lead). */
export function goalAsSituation(goal: string): string {
  const [verb, ...rest] = goal.split(/\s+/);
  return upperFirst([gerundOf(verb.toLowerCase()), ...rest].join(' '));
}
