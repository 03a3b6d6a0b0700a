/**
 * A noun in both numbers. A plain string is a regular noun ("task" → "tasks");
 * irregular ones name both forms (`['entry', 'entries']`).
 */
export type Noun = string | readonly [one: string, other: string];

// English has only "one" and "other" for cardinals, but going through PluralRules
// keeps 0, 1.5 and -1 right ("0 tasks", "1.5 tasks") without hand-written cases.
const rules = new Intl.PluralRules('en-US');

/** The form of `noun` that goes with `count`: "task" for 1, "tasks" for 0 or 2. */
export function nounFor(count: number, noun: Noun): string {
  const [one, other] = typeof noun === 'string' ? [noun, `${noun}s`] : noun;
  return rules.select(count) === 'one' ? one : other;
}

/** A count with its noun in the right number and thousands separators: "1 task", "1,204 entries". */
export function plural(count: number, noun: Noun): string {
  return `${count.toLocaleString('en-US')} ${nounFor(count, noun)}`;
}
