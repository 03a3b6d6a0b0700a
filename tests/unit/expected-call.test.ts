import { describe, expect, it } from 'vitest';
import { describeCall } from '@/lib/import/adapters/shared';
import { parseExpectedCall } from '@/lib/trajectories/expected-call';

describe('the expected call of an action checkpoint, read back from its description', () => {
  it('recovers exactly the arguments the τ²-bench adapter wrote, nested values and tricky strings included', () => {
    const args = {
      user_id: 'mia_li_3668',
      flights: [{ flight_number: 'HAT136', date: '2024-05-20' }],
      note: 'a, b) c=d "quoted" [x]',
      total_baggages: 1,
      insurance: null,
      ok: true,
    };
    const description = `Expected call ${describeCall('book_reservation', args)} (compared: user_id, flights, total_baggages)`;
    expect(parseExpectedCall(description)).toEqual({
      name: 'book_reservation',
      arguments: args,
      compared: ['user_id', 'flights', 'total_baggages'],
    });
  });

  it('reads a call without arguments and without a compared list', () => {
    expect(parseExpectedCall('Expected call list_all_airports()')).toEqual({
      name: 'list_all_airports',
      arguments: {},
      compared: null,
    });
  });

  it('gives null for descriptions that are not an expected call, or are malformed', () => {
    expect(parseExpectedCall(null)).toBeNull();
    expect(parseExpectedCall('Searched the inbox and read every page of results')).toBeNull();
    expect(parseExpectedCall('Expected call book(x={"a": 1)')).toBeNull();
    expect(parseExpectedCall('Expected call book(x=not json)')).toBeNull();
  });
});
