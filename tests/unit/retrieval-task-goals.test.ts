import { describe, expect, it } from 'vitest';
import { GOAL_TERM_WEIGHT, RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { goalClauses, withoutWishes } from '@/lib/retrieval/task-goals';
import { keys, padding, skill } from '../helpers/bank-cards';

const loose = { minScore: 0, minShareOfBest: 0 };

describe('goal clauses of a task text', () => {
  it('reads what follows a wish, including someone asked to do it, up to the end of the sentence', () => {
    expect(
      goalClauses(
        'You are reactive. You want to change the flight; you would like to keep the seat. If not, you want the agent to cancel it and are willing to pay a fee.',
      ),
    ).toEqual(['change the flight', 'keep the seat', 'cancel it and are willing to pay a fee']);
    expect(goalClauses('Book the cheapest flight to the coast.')).toEqual([]);
  });

  it('drops the wish phrases themselves from the query text', () => {
    expect(withoutWishes('You are looking to book a seat and want the agent to confirm it')).toBe(
      'You are  book a seat and  confirm it',
    );
  });
});

describe('the ranking weighs the goal above the scenario', () => {
  // The scenario ("upcoming trip from Springfield to Shelbyville next week") shares more words with one card,
  // the goal ("buy extra bags") with the other.
  const scenario = skill('air', {
    title: 'Upcoming trip from Springfield to Shelbyville',
    tags: ['trip'],
    core_rule: 'Mention next week’s timetable',
  });
  const goal = skill('air', {
    title: 'Buying extra bags',
    applies_when: 'The user asks for more bags',
    tags: ['bags'],
  });
  const index = new RetrievalIndex([scenario, goal, ...padding('air', 8)]);
  const task = 'For your upcoming trip from Springfield to Shelbyville next week, you want to buy extra bags.';

  it(`counts a goal term ${GOAL_TERM_WEIGHT}× a scenario term, and the score parts still add up`, () => {
    expect(keys(index.rankSkills({ query: task, ability: 'air', k: 2 }, { ...loose, goalWeight: 1 }))).toEqual([
      scenario.key,
      goal.key,
    ]);
    const hits = index.rankSkills({ query: task, ability: 'air', k: 2 }, loose);
    expect(keys(hits)).toEqual([goal.key, scenario.key]);
    const sum = Object.values(hits[0].score.fields).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(hits[0].score.bm25, 10);
  });

  it('weighs every term alike when the task states no wish', () => {
    const plain = 'Upcoming trip from Springfield to Shelbyville next week: extra bags.';
    expect(keys(index.rankSkills({ query: plain, ability: 'air', k: 2 }, loose))).toEqual([scenario.key, goal.key]);
  });

  it('does not match a card on the wish verb: "looking to travel" is not about looking a reservation up', () => {
    const lookUp = skill('air', { title: 'Looking up a reservation', tags: ['lookup'] });
    const bank = new RetrievalIndex([lookUp, ...padding('air', 6)]);
    expect(bank.rankSkills({ query: 'You are looking to travel abroad', ability: 'air' }, loose)).toEqual([]);
    expect(keys(bank.rankSkills({ query: 'You are looking at a reservation', ability: 'air' }, loose))).toEqual([
      lookUp.key,
    ]);
  });
});
