import { tokenize } from './bm25';

/**
 * What a task says it is about. A user instruction mixes its goal ("you want
 * to change the flight to a later one") with persona and scenario text ("you
 * are reactive to the agent", "your birthday is in your profile", the
 * upcoming trip from one city to another); a card learned from another task
 * shares the goal's words, rarely the scenario's. The goal clauses are the
 * words after a wish ("want to", "need to", "would like to", "willing to",
 * and with someone to do it: "want the agent to"), up to the end of the
 * sentence.
 */
const WISH =
  /\b(?:want|wants|need|needs|would like|'d like|looking|trying|try|hoping|wish|wishes|asks?|plan|plans|willing)(?:\s+(?:the\s+)?(?!to\b)[a-z]+)?\s+to\s+/gi;
const GOAL_CLAUSE = new RegExp(`${WISH.source}([^.;\\n?!]+)`, 'gi');

/** The goal clauses of a task text, in order; none when it states no wish (a command, a bare topic). */
export function goalClauses(text: string): string[] {
  return [...text.matchAll(GOAL_CLAUSE)].map((m) => m[1]);
}

/** The stemmed terms of the goal clauses (empty when there are none: then every query term weighs the same). */
export function goalTerms(text: string): Set<string> {
  return new Set(goalClauses(text).flatMap((c) => tokenize(c)));
}

/**
 * The task text without its wish phrases: "looking to", "want the agent to"
 * say that the user wants something, not what, and "looking" would match a
 * card about looking a reservation up.
 */
export function withoutWishes(text: string): string {
  return text.replace(WISH, ' ');
}
