import { describe, expect, it } from 'vitest';
import {
  BLOCK_TOKEN_CAP,
  FUNCTION_CARD_TOKEN_CAP,
  SKILL_CARD_TOKEN_CAP,
  countTokens,
  renderFunctionCardLines,
  renderPreToolBlock,
  renderSkillCardLine,
  renderTaskStartBlock,
} from '@/lib/retrieval/render';

const skill = (
  over: Partial<{
    title: string;
    core_rule: string;
    done: string[];
    pitfall: string[];
    recovery: string[];
    procedure: string[];
  }> = {},
) => ({
  title: over.title ?? 'Confirm before cancelling',
  skill: {
    core_rule:
      over.core_rule ??
      'If the user asks to cancel a reservation, read it first and confirm the refund terms before calling cancel.',
    completion_condition: over.done ?? ['the returned reservation shows status cancelled'],
    success_contrast: [],
    failure_contrast: over.pitfall ?? ['cancelling without reading the reservation.'],
    recovery: over.recovery ?? ['re-read the reservation and report its state'],
    efficiency: [],
    procedure_sketch: over.procedure,
  },
});

const fn = (over: Partial<{ what: string; rules: string[]; mistakes: string[] }> = {}) => ({
  tool: 'airline.cancel_reservation',
  what_it_does: over.what ?? 'Cancels a reservation and returns it with its new status',
  usage_rules: over.rules ?? ['Read the reservation first', 'Confirm with the user', 'Never retry blindly'],
  common_mistakes: over.mistakes ?? ['Cancelling the wrong reservation'],
  side_effects: ['Refunds go to the original payment method'],
});

describe('runtime text renderer', () => {
  it('renders a skill line as title — core rule, Done when, Pitfall, Recovery, without doubled punctuation', () => {
    const line = renderSkillCardLine(skill(), 1);
    expect(line).toBe(
      '1. Confirm before cancelling — If the user asks to cancel a reservation, read it first and confirm the refund terms before calling cancel. Done when: the returned reservation shows status cancelled. Pitfall: cancelling without reading the reservation. Recovery: re-read the reservation and report its state.',
    );
  });

  it('joins procedure steps with -> and drops empty optional segments', () => {
    const line = renderSkillCardLine(skill({ pitfall: [], recovery: [], procedure: ['read', 'confirm', 'cancel'] }));
    expect(line).toContain('Procedure: read -> confirm -> cancel.');
    expect(line).not.toContain('Pitfall');
    expect(line).not.toContain('Recovery');
  });

  it('trims an over-long skill card to its token cap by the documented order', () => {
    const long = 'word '.repeat(60).trim();
    const line = renderSkillCardLine(
      skill({
        core_rule: `Rule ${long}`,
        procedure: [long, long],
        recovery: [long],
        pitfall: [long],
        done: [long, long],
      }),
    );
    expect(countTokens(line)).toBeLessThanOrEqual(SKILL_CARD_TOKEN_CAP);
    expect(line).not.toContain('Procedure');
    expect(line).toContain('Confirm before cancelling — Rule');
  });

  it('renders function lines with the top two usage rules and trims to the cap', () => {
    expect(renderFunctionCardLines(fn())).toBe(
      'airline.cancel_reservation: Cancels a reservation and returns it with its new status. Rules: Read the reservation first; Confirm with the user. Known mistakes: Cancelling the wrong reservation.',
    );
    const long = 'detail '.repeat(200);
    expect(
      countTokens(renderFunctionCardLines(fn({ what: long, rules: [long], mistakes: [long] }))),
    ).toBeLessThanOrEqual(FUNCTION_CARD_TOKEN_CAP);
  });

  it('injects nothing when retrieval selects no card', () => {
    expect(renderTaskStartBlock({ skillCards: [], functionCards: [] })).toEqual({
      text: '',
      tokens: 0,
      skillIncluded: [],
      functionIncluded: [],
    });
  });

  it('builds the task-start block with header, at most 3 skills, 2 tools and the memory-use rules, under the cap', () => {
    const block = renderTaskStartBlock({
      skillCards: [skill(), skill(), skill(), skill()],
      functionCards: [fn(), fn(), fn()],
    });
    expect(block.skillIncluded).toEqual([0, 1, 2]);
    expect(block.functionIncluded).toEqual([0, 1]);
    expect(block.text).toMatch(/^Procedural memory: soft guidance distilled from earlier runs on other tasks/);
    expect(block.text).toContain('3. Confirm before cancelling');
    expect(block.text).not.toContain('4. ');
    expect(block.text).toContain('Never reuse concrete values');
    expect(block.tokens).toBe(countTokens(block.text));
    expect(block.tokens).toBeLessThanOrEqual(BLOCK_TOKEN_CAP);
  });

  it('renders a pre-tool reminder within its cap', () => {
    const pre = renderPreToolBlock(fn());
    expect(pre.text).toMatch(
      /^Before you call airline\.cancel_reservation: Rules: Read the reservation first; Confirm with the user; Never retry blindly\./,
    );
    expect(pre.tokens).toBeLessThanOrEqual(FUNCTION_CARD_TOKEN_CAP);
    const long = 'detail '.repeat(300);
    expect(renderPreToolBlock(fn({ rules: [long], mistakes: [long] })).tokens).toBeLessThanOrEqual(
      FUNCTION_CARD_TOKEN_CAP,
    );
  });

  it('counts the block exactly from its remembered lines: the sum equals encoding the whole block, whatever the card text', () => {
    const odd = [
      'Ends without a period',
      'Has\ninner newlines\n\nand blank lines',
      'Trailing spaces   ',
      '/slash/leading path and ./dots...',
      'Numbers 1234567 and 3.14, emoji 🚀, CJK 取消预订, accents café',
      "Quotes 'it's' \"double\" and tabs\tinside",
      '   leading spaces',
      'Ends with a slash /',
      '…ellipsis first',
    ];
    for (const [i, text] of odd.entries()) {
      const skills = [
        skill({ title: text, core_rule: `${text} then act` }),
        skill({ done: [text], pitfall: [text] }),
        skill({ procedure: [text, text] }),
      ];
      const fns = [fn({ what: text }), fn({ rules: [text, `${i}`], mistakes: [`${text}\n`] })];
      for (const [s, f] of [
        [skills, fns],
        [skills.slice(0, 1), []],
        [[], fns.slice(1)],
      ] as const) {
        const block = renderTaskStartBlock({ skillCards: [...s], functionCards: [...f] });
        expect(block.tokens, JSON.stringify(text)).toBe(countTokens(block.text));
      }
    }
  });

  it('counts tokens with a real tokenizer, not characters/4', () => {
    expect(countTokens('Hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });
});
