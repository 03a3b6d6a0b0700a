import { describe, expect, it } from 'vitest';
import { anchorExpectedActions, type ExpectedActionInput } from '@/lib/import/adapters/shared';
import type { NativeEvent } from '@/lib/import/native-schema';

const events: NativeEvent[] = [
  { source: 'user', type: 'message', content: 'change my flight' },
  { source: 'agent', type: 'tool_call', tool: 'airline.get_reservation', arguments: { id: 'R1' } },
  { source: 'environment', type: 'observation', content: '{}' },
  { source: 'agent', type: 'tool_call', tool: 'airline.update_flights', arguments: { id: 'R1', cabin: 'business' } },
  { source: 'agent', type: 'tool_call', tool: 'airline.update_flights', arguments: { id: 'R1', cabin: 'economy' } },
  { source: 'user', type: 'tool_call', tool: 'airline.toggle_data', arguments: { on: true } },
];

const action = (key: string, args: Record<string, unknown>, more: Partial<ExpectedActionInput> = {}) => ({
  key,
  passed: false,
  tool: 'airline.update_flights',
  arguments: args,
  compared: null,
  by: 'agent' as const,
  ...more,
});
const anchor = (a: ExpectedActionInput) => anchorExpectedActions(events, [a]).get(a.key);

describe('anchoring expected actions at import', () => {
  it('anchors to the call with the expected arguments on the compared keys', () => {
    expect(anchor(action('a', { id: 'R1', cabin: 'economy' }, { passed: true }))).toEqual({
      eventIndex: 4,
      note: null,
    });
    expect(anchor(action('a', { id: 'R1', cabin: 'x' }, { compared: ['id'], passed: true }))).toEqual({
      eventIndex: 3,
      note: null,
    });
  });

  it('anchors a failed action to the closest call of its tool and names what differs', () => {
    expect(anchor(action('a', { id: 'R2', cabin: 'economy' }))).toEqual({
      eventIndex: 4,
      note: 'No call of airline.update_flights by the agent with the expected arguments; the closest differs in id.',
    });
  });

  it("anchors a user-side action to the user's call only", () => {
    expect(anchor(action('u', { on: true }, { tool: 'airline.toggle_data', by: 'user', passed: true }))).toEqual({
      eventIndex: 5,
      note: null,
    });
    expect(anchor(action('u', { on: true }, { tool: 'airline.toggle_data' }))?.eventIndex).toBeNull();
  });

  it('leaves a never-called tool unanchored, saying so', () => {
    expect(anchor(action('a', {}, { tool: 'airline.cancel' }))).toEqual({
      eventIndex: null,
      note: 'The trajectory never calls airline.cancel.',
    });
  });
});
