import { describe, expect, it } from 'vitest';
import { MIN_SHARE_OF_BEST, RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';
import { fn, keys, padding, skill } from '../helpers/bank-cards';

describe('the ranking reads the task', () => {
  it('stems with a real stemmer: "cancellation of reservations" finds a card about cancelling a reservation', () => {
    const target = skill('air', {
      title: 'Cancelling a reservation',
      applies_when: 'The user wants to cancel a booked reservation',
    });
    const index = new RetrievalIndex([target, ...padding('air', 6)]);
    const hits = index.rankSkills({ query: 'Request cancellation of two reservations', ability: 'air' });
    expect(keys(hits)).toEqual([target.key]);
    expect(hits[0].matchedTerms).toEqual(['cancellation', 'reservations']);
  });

  it('weights the title, trigger and tags above the rule body', () => {
    const inTitle = skill('air', { title: 'Baggage allowance questions', core_rule: 'Read the fare rules first' });
    const inBody = skill('air', {
      title: 'Reading fare rules',
      core_rule: 'Check the baggage allowance and baggage fees in the fare rules',
    });
    const index = new RetrievalIndex([inBody, inTitle, ...padding('air', 6)]);
    const hits = index.rankSkills({ query: 'How much baggage may I bring', ability: 'air', k: 2 });
    expect(keys(hits)).toEqual([inTitle.key, inBody.key]);
    expect(hits[0].score.fields.title).toBeGreaterThan(0);
    expect(hits[1].score.fields.title).toBe(0);
    const sum = Object.values(hits[0].score.fields).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(hits[0].score.bm25, 10);
  });

  it('down-weights terms common across the whole bank ("user", "ask"), even when rare in the ability bank', () => {
    // "user" sits on every card of the other bank: filler for the bank as a whole.
    const other = Array.from({ length: 20 }, (_, i) =>
      skill('mail', { title: `Ask the user before step ${i}`, tags: [`mailtopic${i}`, 'user'] }),
    );
    const onFiller = skill('air', { title: 'Ask the user first', tags: ['user', 'ask'] });
    const onTopic = skill('air', { title: 'Upgrading the cabin class', tags: ['cabin', 'upgrade'] });
    const index = new RetrievalIndex([onFiller, onTopic, ...padding('air', 4), ...other]);
    // No wish phrase ('asks … to'): every word here is a query term.
    const query = 'The user asks about an upgrade of the cabin for the user';
    const all = { minScore: 0, minShareOfBest: 0 };
    const hits = index.rankSkills({ query, ability: 'air', k: 3 }, all);
    expect(keys(hits)[0]).toBe(onTopic.key);
    const filler = hits.find((h) => h.card.key === onFiller.key)!;
    expect(filler.fillerTerms).toEqual(['user', 'asks']);
    // The same air bank without the mail cards: the words are no longer filler and weigh in fully.
    const alone = new RetrievalIndex([onFiller, onTopic, ...padding('air', 4)]);
    const aloneHit = alone.rankSkills({ query, ability: 'air', k: 3 }, all).find((h) => h.card.key === onFiller.key)!;
    expect(aloneHit.fillerTerms).toEqual([]);
    expect(filler.score.bm25).toBeLessThan(aloneHit.score.bm25 / 2);
    // With the floors on, the filler-only card is not retrieved.
    expect(keys(index.rankSkills({ query, ability: 'air', k: 3 }))).toEqual([onTopic.key]);
  });

  it('returns fewer cards rather than filler: a card sharing one incidental body word stays out', () => {
    const relevant = skill('air', {
      title: 'Changing the flights of a reservation',
      applies_when: 'The user wants to change flights',
      tags: ['change', 'flight'],
    });
    const incidental = skill('air', { title: 'Counting passengers', core_rule: 'Count each passenger on the flight' });
    const index = new RetrievalIndex([relevant, incidental, ...padding('air', 8)]);
    const hits = index.rankSkills({ query: 'Change my flight to Friday', ability: 'air', k: 3 });
    expect(keys(hits)).toEqual([relevant.key]);
    const loose = index.rankSkills(
      { query: 'Change my flight to Friday', ability: 'air', k: 3 },
      {
        minScore: 0,
        minShareOfBest: 0,
      },
    );
    expect(keys(loose)).toContain(incidental.key);
    const dropped = loose.find((h) => h.card.key === incidental.key)!;
    expect(dropped.score.bm25).toBeLessThan(MIN_SHARE_OF_BEST * loose[0].score.bm25);
  });

  it('keeps a card whose title shares a topic word, however far a card of the same situation scores above it', () => {
    // Both cards are about the cheapest fare; the first also shares the scenario's words in its body.
    const rich = skill('air', {
      title: 'Choosing the cheapest fare for the original departure date',
      applies_when: 'The user wants the cheapest fare from the original airport in another cabin',
      tags: ['fare', 'airport', 'cabin', 'departure'],
      core_rule: 'Compare every fare for the date of the original departure, from the airport, in the cabin asked for',
    });
    const plain = skill('air', { title: 'Cheapest option: confirm the total first', tags: ['total'] });
    const incidental = skill('air', { title: 'Counting passengers', core_rule: 'Count the airport staff' });
    const index = new RetrievalIndex([rich, plain, incidental, ...padding('air', 8)]);
    const query = 'The cheapest fare for the date after the original departure, from the same airport, in the cabin';
    const loose = index.rankSkills({ query, ability: 'air', k: 3 }, { minScore: 0, minShareOfBest: 0 });
    const score = (key: string) => loose.find((h) => h.card.key === key)!.score.bm25;
    expect(score(plain.key)).toBeLessThan(MIN_SHARE_OF_BEST * score(rich.key));
    expect(keys(index.rankSkills({ query, ability: 'air', k: 3 }))).toEqual([rich.key, plain.key]);
  });

  it('does not match on English function words: "the current one" is not about a card titled with "one"', () => {
    const legs = skill('air', { title: 'Both legs in one update', tags: ['legs'] });
    const index = new RetrievalIndex([legs, ...padding('air', 6)]);
    const loose = { minScore: 0, minShareOfBest: 0 };
    expect(
      index.rankSkills({ query: 'Keep the current one, and look up what is out there', ability: 'air' }, loose),
    ).toEqual([]);
    expect(keys(index.rankSkills({ query: 'Update both legs', ability: 'air' }, loose))).toEqual([legs.key]);
  });

  it('draws function cards from the task apps, else the ability bank apps, else all apps with a note', () => {
    const cards = [
      skill('air', { title: 'Changing flights', tags: ['change'] }, ['airline']),
      skill('mail', { title: 'Sending mail', tags: ['send'] }, ['mail']),
      fn('airline.update_reservation_flights', 'Changes the flights of a reservation'),
      fn('flights.change_booking', 'Changes the flights of a booking'),
      fn('mail.send_message', 'Sends a message to change plans'),
      ...['calendar', 'contacts', 'shop', 'bank'].flatMap((app) =>
        ['list_items', 'get_item'].map((name) => fn(`${app}.${name}`, `Reads ${app} records`)),
      ),
    ];
    const index = new RetrievalIndex(cards);
    const tools = (r: ReturnType<typeof runRetrieval>) => r.response.functionCards.map((f) => f.tool);
    const byApps = runRetrieval(index, 'current', { task: 'Change the flights', apps: ['airline'], ability: 'air' });
    expect(tools(byApps)).toEqual(['airline.update_reservation_flights']);
    expect(byApps.response.functionScope).toEqual({ apps: ['airline'], from: 'task apps', note: null });
    const byAbility = runRetrieval(index, 'current', { task: 'Change the flights', ability: 'air' });
    expect(tools(byAbility)).toEqual(['airline.update_reservation_flights']);
    expect(byAbility.response.functionScope.note).toContain('No app given');
    const all = runRetrieval(index, 'current', { task: 'Change the flights' });
    expect(all.response.functionScope).toEqual({
      apps: [],
      from: 'all apps',
      note: 'No app given: function cards from all apps.',
    });
    expect(tools(all).length).toBe(2);
  });
});
