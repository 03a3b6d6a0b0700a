import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import {
  cardFlaws,
  duplicateTitleFlaws,
  patchFlaws,
  type CurationContext,
  type CurationFlawKind,
} from '@/lib/reflection/curation-flaws';
import { skillDelta } from '../helpers/reflection-fixtures';

const update = 'airline.update_reservation_flights';
const calc = 'airline.calculate';
const ctx: CurationContext = {
  narratives: ['Changed the flight without asking which payment method the user wanted.'],
  corrections: ['Ask which payment method to use and use exactly that method in the update.'],
  functions: [update, calc, 'airline.get_reservation_details'],
};

/** A clean airline card: situation title, sentence trigger, functions only in functions_used. */
const clean = (): SkillCardContent =>
  skillDelta({
    title: 'Changing the flights of a reservation: confirm the payment method before updating',
    applies_when: 'The user wants to change the flights of a reservation, and the agent is about to update it.',
    solves: 'Paying with a method the user did not choose',
    tags: ['payment', 'flights', 'reservation'],
    skill: {
      core_rule: 'Before updating the flights, ask which payment method to use and pass exactly that one',
      completion_condition: [`The reservation returned by ${update} shows the payment method the user chose`],
      failure_contrast: ['A failing run ended up changing the flight without asking for the payment method'],
    },
    functions_used: [update],
  });

const kinds = (card: SkillCardContent) => cardFlaws(card, ctx).map((f) => [f.flaw, f.path]);
const has = (card: SkillCardContent, flaw: CurationFlawKind, path: string) =>
  expect(kinds(card)).toContainEqual([flaw, path]);

describe('curation-flaw detectors', () => {
  it('finds nothing in a card worded as a situation', () => {
    expect(cardFlaws(clean(), ctx)).toEqual([]);
  });

  it('flags checkpoint ids in runtime text', () => {
    has(
      { ...clean(), skill: { ...clean().skill, core_rule: 'Ask for the payment method (see 33_4) first' } },
      'checkpoint_id',
      'skill.core_rule',
    );
  });

  it('flags references to other checkpoints or diagnoses', () => {
    has({ ...clean(), solves: 'Same root cause as the payment step' }, 'checkpoint_reference', 'solves');
    has(
      { ...clean(), skill: { ...clean().skill, recovery: ['As noted above, redo the update'] } },
      'checkpoint_reference',
      'skill.recovery[0]',
    );
  });

  it('flags grader vocabulary the agent cannot observe', () => {
    has(
      { ...clean(), skill: { ...clean().skill, completion_condition: ['The final database matches'] } },
      'grader_wording',
      'skill.completion_condition[0]',
    );
    has({ ...clean(), title: 'Cancel the reservation as the task expects' }, 'grader_wording', 'title');
  });

  it("flags the diagnosed run's story copied into a rule field, but not into the failure contrast", () => {
    const story = 'Changed the flight without asking which payment method the user wanted.';
    has({ ...clean(), solves: story }, 'copied_diagnosis', 'solves');
    expect(
      kinds({ ...clean(), skill: { ...clean().skill, failure_contrast: [`In a failing run: ${story}`] } }),
    ).toEqual([]);
  });

  it("flags a title that is only the annotator's corrective sentence", () => {
    has(
      { ...clean(), title: 'Ask which payment method to use and use exactly that method' },
      'copied_diagnosis',
      'title',
    );
  });

  it('flags titles keyed to a tool and triggers that only name a function', () => {
    has({ ...clean(), title: 'Call update reservation flights before finishing' }, 'tool_named', 'title');
    has({ ...clean(), title: 'Get reservation details: cancel it' }, 'tool_named', 'title');
    has({ ...clean(), title: `Use ${update} carefully` }, 'tool_named', 'title');
    has({ ...clean(), applies_when: `The task reaches the call of ${update}` }, 'tool_named', 'applies_when');
  });

  it('flags template text with empty or self-referential slots', () => {
    const done = (text: string) => ({ ...clean(), skill: { ...clean().skill, completion_condition: [text] } });
    has(
      done(`${calc} returned the calculate the next step relies on`),
      'template_slot',
      'skill.completion_condition[0]',
    );
    has(done('The reservation shows the "" the user asked for'), 'template_slot', 'skill.completion_condition[0]');
    has(done('The update returns the .'), 'template_slot', 'skill.completion_condition[0]');
    expect(kinds(done(`${calc} returned a result, and that result is what the next step uses`))).toEqual([]);
  });

  it('flags titles and triggers cut mid-phrase, not whole sentences that end on "instead."', () => {
    has({ ...clean(), title: 'Changing flights: call the update instead of calculate at this' }, 'cut_phrase', 'title');
    has(
      { ...clean(), title: 'Changing flights: issue the certificate for the number of passenge…' },
      'cut_phrase',
      'title',
    );
    has({ ...clean(), applies_when: 'The user wants to change the flights of a' }, 'cut_phrase', 'applies_when');
    const whole = { ...clean(), skill: { ...clean().skill, core_rule: 'Offer the allowed alternatives instead.' } };
    expect(kinds(whole)).toEqual([]);
    // A preposition its verb takes ends a whole phrase ("the flights the user asked for").
    const asked = { ...clean(), skill: { ...clean().skill, core_rule: 'Change only the flights the user asked for.' } };
    expect(kinds(asked)).toEqual([]);
    expect(kinds({ ...clean(), title: 'Changing flights: pass the count the user asked for' })).toEqual([]);
  });
});

describe('curation flaws across proposals', () => {
  const counting = skillDelta({
    title: 'Counting reservations: list every reservation before giving a number',
    applies_when: 'The user asks how many reservations they hold with a given status.',
    tags: ['count', 'reservations', 'enumeration'],
    functions_used: ['airline.get_user_details'],
  });

  it('flags a PATCH of a card about another situation, and not one about the same', () => {
    const [flaw] = patchFlaws('PATCH_CARD', clean(), [{ key: 'skill::skill_aa11', content: counting }]);
    expect(flaw).toMatchObject({ flaw: 'unrelated_patch', path: 'target_card_id' });
    expect(flaw.message).toMatch(/skill::skill_aa11 .*another situation: they share \d+% .*floor 30%/);
    const same = { ...clean(), title: 'Changing the flights of a reservation: confirm the cabin before updating' };
    expect(patchFlaws('PATCH_CARD', same, [{ key: 'skill::skill_bb22', content: clean() }])).toEqual([]);
    expect(patchFlaws('ADD_CARD', clean(), [{ key: 'skill::skill_aa11', content: counting }])).toEqual([]);
  });

  it('flags the second ADD of a run with a title already used, not the first', () => {
    const found = duplicateTitleFlaws([
      { index: 0, title: 'Changing flights: confirm payment' },
      { index: 1, title: 'Counting reservations: list every one' },
      { index: 2, title: 'changing flights: confirm payment' },
    ]);
    expect([...found.keys()]).toEqual([2]);
    expect(found.get(2)![0]).toMatchObject({ flaw: 'duplicate_title' });
  });
});
