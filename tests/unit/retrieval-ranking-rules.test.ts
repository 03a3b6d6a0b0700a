import { describe, expect, it } from 'vitest';
import type { FunctionCardContent, SkillCardContent } from '@/lib/cards/card-schemas';
import type { BankCard } from '@/lib/retrieval/bank-card';
import { MIN_SHARE_OF_BEST, RetrievalIndex } from '@/lib/retrieval/retrieval-index';
import { runRetrieval } from '@/lib/retrieval/run-retrieval';

// Self-written banks: each test builds the few cards that isolate one ranking rule.
type SkillText = { title: string; applies_when?: string; tags?: string[]; core_rule?: string };
let n = 0;
function skill(ability: string, t: SkillText, apps: string[] = []): BankCard {
  const content: SkillCardContent = {
    title: t.title,
    applies_when: t.applies_when ?? 'The situation described in the title arises',
    solves: 'A recurring mistake',
    tags: t.tags ?? ['general'],
    skill: {
      core_rule: t.core_rule ?? 'Follow the documented procedure',
      completion_condition: ['The state matches the request'],
      success_contrast: [],
      failure_contrast: [],
      recovery: [],
      efficiency: [],
    },
    evidence: { observed_feedback: [], state_transition: [], good_examples: [], bad_examples: [] },
    functions_used: [],
  };
  n++;
  const key = `skill::s${String(n).padStart(4, '0')}`;
  return { kind: 'SKILL', cardId: key, key, ability, apps, versionId: `v${n}`, versionNumber: 1, content };
}
function fn(tool: string, what: string): BankCard {
  const [app, name] = tool.split('.');
  const content: FunctionCardContent = {
    tool,
    app,
    function: name,
    what_it_does: what,
    arguments: [],
    returns: 'A JSON object',
    usage_rules: ['Read the current state first'],
    common_mistakes: [],
    side_effects: [],
  };
  n++;
  return {
    kind: 'FUNCTION',
    cardId: `f${n}`,
    key: `function::${tool}`,
    ability: null,
    apps: [app],
    versionId: `v${n}`,
    versionNumber: 1,
    content,
  };
}
const keys = (r: { card: BankCard }[]) => r.map((x) => x.card.key);
/** Unrelated cards so a bank has a realistic document frequency spread. */
const padding = (ability: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    skill(ability, { title: `Unrelated routine ${i}`, tags: [`topic${i}`], core_rule: `Handle topic${i} carefully` }),
  );

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
    const query = 'The user asks the user to upgrade the cabin';
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
