import { describe, expect, it } from 'vitest';
import { citationText, splitCitations } from '@/lib/policies/policy-citation';
import { policySections } from '@/lib/policies/policy-sections';
import { marksOfArguments, parseJsonObservation, unwrapMessage } from '@/lib/trajectories/observation-json';

describe('policy sections and citations', () => {
  const text =
    '# Airline Agent Policy\n\nBe polite.\n\n## Book flight\n\nAsk for the user id.\nThen the trip.\n\n- one bag free\n\n## Book flight\n\nAgain.';

  it('splits headings and paragraphs with anchors from the text alone, repeated titles kept apart', () => {
    const s = policySections(text);
    expect(s.map((x) => [x.anchor, x.title, x.level, x.paragraphs.map((p) => p.anchor)])).toEqual([
      ['airline-agent-policy', 'Airline Agent Policy', 1, ['airline-agent-policy-p1']],
      ['book-flight', 'Book flight', 2, ['book-flight-p1', 'book-flight-p2']],
      ['book-flight-2', 'Book flight', 2, ['book-flight-2-p1']],
    ]);
    expect(s[1].paragraphs[0].text).toBe('Ask for the user id.\nThen the trip.');
    expect(policySections(text)).toEqual(s);
  });

  it('keeps text before the first heading as an opening section', () => {
    expect(policySections('You are a helpful agent.\r\n\r\nNever lie.').map((x) => x.paragraphs.length)).toEqual([2]);
    expect(policySections('You are a helpful agent.')[0]).toMatchObject({ anchor: 'opening', level: 0 });
  });

  it('writes a citation that reads as text and is found again in any text', () => {
    const [, book] = policySections(text);
    const c = citationText(book, book.paragraphs[1]);
    expect(c).toBe('[§ Book flight ¶2](policy:book-flight-p2)');
    expect(splitCitations(`Broke ${c} and [§ x](policy:book-flight).`)).toEqual([
      { kind: 'text', text: 'Broke ' },
      { kind: 'citation', label: '§ Book flight ¶2', anchor: 'book-flight-p2' },
      { kind: 'text', text: ' and ' },
      { kind: 'citation', label: '§ x', anchor: 'book-flight' },
      { kind: 'text', text: '.' },
    ]);
    // Other links are text, not citations.
    expect(splitCitations('[a](https://x.test) [b](policy:BAD SPACE)')).toHaveLength(1);
  });
});

describe('JSON in events', () => {
  it('unwraps only a message that is {"message": text} alone', () => {
    expect(unwrapMessage('{"message": "Hi"}')).toBe('Hi');
    expect(unwrapMessage(' {"message":"Hi","extra":1}')).toBeNull();
    expect(unwrapMessage('{"message": 3}')).toBeNull();
    expect(unwrapMessage('Hello {"message": "x"}')).toBeNull();
    expect(unwrapMessage('{"message": "unterminated')).toBeNull();
  });

  it('parses objects and lists only', () => {
    expect(parseJsonObservation('[1, 2]')).toEqual([1, 2]);
    expect(parseJsonObservation('"text"')).toBeNull();
    expect(parseJsonObservation('{broken')).toBeNull();
  });

  it('marks the keys and scalar values of expected arguments at any depth', () => {
    const m = marksOfArguments({ reservation_id: 'R1', flights: [{ flight_number: 'HAT1', date: '2024-05-21' }] });
    expect([...m.keys].sort()).toEqual(['date', 'flight_number', 'flights', 'reservation_id']);
    expect([...m.values].sort()).toEqual(['2024-05-21', 'HAT1', 'R1']);
  });
});
