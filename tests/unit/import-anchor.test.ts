import { describe, expect, it } from 'vitest';
import { anchorExpectedAction } from '@/lib/import/adapters/shared';
import type { NativeEvent } from '@/lib/import/native-schema';

const events: NativeEvent[] = [
  { source: 'user', type: 'message', content: 'change my flight' },
  { source: 'agent', type: 'tool_call', tool: 'airline.get_reservation', arguments: { id: 'R1' } },
  { source: 'environment', type: 'observation', content: '{}' },
  { source: 'agent', type: 'tool_call', tool: 'airline.update_flights', arguments: { id: 'R1', cabin: 'business' } },
  { source: 'agent', type: 'tool_call', tool: 'airline.update_flights', arguments: { id: 'R1', cabin: 'economy' } },
];

describe('anchoring expected actions', () => {
  it('anchors to the call with the expected arguments on the compared keys', () => {
    expect(anchorExpectedAction(events, 'airline.update_flights', { id: 'R1', cabin: 'economy' })).toEqual({
      eventIndex: 4,
      note: null,
    });
    expect(anchorExpectedAction(events, 'airline.update_flights', { id: 'R1', cabin: 'x' }, ['id'])).toEqual({
      eventIndex: 3,
      note: null,
    });
  });

  it('falls back to the first call of the same tool and says the arguments differ', () => {
    const a = anchorExpectedAction(events, 'airline.update_flights', { id: 'R2', cabin: 'economy' });
    expect(a.eventIndex).toBe(3);
    expect(a.note).toMatch(/arguments differ/);
  });

  it('leaves a never-called tool unanchored, saying so', () => {
    expect(anchorExpectedAction(events, 'airline.cancel', {})).toEqual({
      eventIndex: null,
      note: 'The trajectory never calls airline.cancel.',
    });
  });
});
