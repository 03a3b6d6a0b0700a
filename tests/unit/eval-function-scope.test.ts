import { describe, expect, it } from 'vitest';
import { checkFunctionScope, formatFunctionScope } from '@/lib/eval/function-scope-check';
import type { EvalTask } from '@/lib/eval/retrieval-hits';
import { fn, skill } from '../helpers/bank-cards';

const task = (over: Partial<EvalTask>): EvalTask => ({
  id: 't1',
  benchmark: 'bench',
  externalId: 'airline/1',
  ability: 'air',
  apps: ['airline'],
  instruction: 'You want to change the flights of your booking and cancel the old one.',
  ...over,
});

describe("eval:reflection's function-card scope check", () => {
  const bank = [
    skill('air', { title: 'Changing the flights of a reservation', tags: ['change'] }, ['airline']),
    fn('airline.update_reservation_flights', 'Changes the flights of a reservation'),
  ];
  const distractors = [
    fn('flights.change_booking', 'Changes the flights of a booking'),
    fn('flights.cancel_booking', 'Cancels a booking'),
  ];

  it('finds no foreign function card for a task with apps, or with only its ability, and counts what scoping kept out', () => {
    const check = checkFunctionScope(bank, distractors, [task({})]);
    expect(check).toMatchObject({ queries: 2, violations: [] });
    expect(check.unscopedForeign).toBeGreaterThan(0);
    expect(formatFunctionScope(check)[0]).toMatch(
      /^function cards from an app or ability the task does not name: 0 in 2/,
    );
  });

  it('lists the foreign cards a task naming neither apps nor an ability is handed', () => {
    const check = checkFunctionScope(bank, distractors, [task({ ability: null, apps: [] })]);
    expect(check.violations.length).toBeGreaterThan(0);
    expect(check.violations.join('\n')).toContain('flights.change_booking');
  });
});
