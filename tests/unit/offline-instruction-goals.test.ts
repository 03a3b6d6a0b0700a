import { describe, expect, it } from 'vitest';
import { instructionGoals } from '@/lib/reflection/situation-wording';

describe("offline wording reads the instruction's goals as retrieval does", () => {
  it('takes a goal the user asks someone else to carry out, and one they are willing to accept', () => {
    const goals = instructionGoals(
      'You want to move your trip to a later date. If that is refused, you want the agent to cancel the booking. You are willing to pay the cancellation fee.',
    );
    expect(goals).toEqual(['move the trip to a later date', 'cancel the booking', 'pay the cancellation fee']);
  });
});
