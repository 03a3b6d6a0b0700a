import { describe, expect, it } from 'vitest';
import { offlineCurate } from '@/lib/reflection/offline-provider';
import { skillDelta } from '../helpers/reflection-fixtures';

const update = 'airline.update_reservation_flights';
// Both cards share their functions and most of their rule's words: BM25 alone calls them close.
const rule =
  'Before calling the update, read the reservation, check every flight and the payment on file, then confirm';
const payment = skillDelta({
  title: 'Changing the flights of a reservation: confirm the payment method before updating',
  applies_when: 'The user wants to change the flights of a reservation and pay the fare difference.',
  tags: ['payment', 'fare', 'flights'],
  skill: { core_rule: rule, failure_contrast: ['A failing run paid with a gift card the user had not chosen'] },
  functions_used: [update],
});
const counting = skillDelta({
  title: 'Counting reservations: list each one before giving a number',
  applies_when: 'The user asks how many upcoming bookings they hold with a given status.',
  tags: ['count', 'status', 'enumeration'],
  skill: { core_rule: rule, failure_contrast: [] },
  functions_used: [update],
});

describe('the offline curator edits a card only when the delta is about the same situation', () => {
  it('adds a payment lesson instead of patching it into a card about counting reservations, and says why', () => {
    const patch = offlineCurate(0, payment, [{ key: 'skill::skill_cc33', content: counting }]);
    expect(patch.operation, patch.reason).toBe('ADD_CARD');
    expect(patch.reason).toMatch(
      /^The closest card skill::skill_cc33 \(BM25 similarity 0\.\d\d\) is about another situation: they share \d+% of their situation words, below the 30% needed to edit it$/,
    );
  });

  it('still patches a card about the same situation, naming the shared words in the reason', () => {
    const same = { ...payment, skill: { ...payment.skill, failure_contrast: [] } };
    const patch = offlineCurate(0, payment, [{ key: 'skill::skill_dd44', content: same }]);
    expect(patch.operation, patch.reason).toBe('PATCH_CARD');
    expect(patch.reason).toMatch(/same situation: 100% of its words shared, e\.g\. /);
  });
});
