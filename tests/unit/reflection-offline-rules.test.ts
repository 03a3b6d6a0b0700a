import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { offlineCurate, offlineReflect } from '@/lib/reflection/offline-provider';
import type { ContrastPacket } from '@/lib/reflection/packet';
import { validateDelta } from '@/lib/reflection/validate-card';
import { twoRunPacket } from '../helpers/two-run-packet';
import { packetDiagnosis } from '../helpers/packet-diagnosis';

const update = 'airline.update_reservation_flights';
const args = (cabin: string) => ({ reservation_id: '<ID>', cabin, payment_id: '<ID>' });

const packet = (over: Partial<ContrastPacket>, tool = update): ContrastPacket =>
  twoRunPacket(
    'Change the flight',
    { tool, arguments: args('economy'), writes: true },
    { tool, arguments: args('business'), writes: true },
    over,
  );
const ctx = { observedTools: [update], allFailed: false, scenarioValues: [], forbiddenTerms: [] };

describe('offline provider rules on τ²-bench-like packets', () => {
  it('turns a divergence on the same function into an argument rule, not "call X rather than X"', () => {
    const [delta] = offlineReflect(packet({})).deltas as SkillCardContent[];
    expect(delta.skill.core_rule).not.toContain(`rather than ${update}`);
    expect(delta.applies_when).not.toContain(`called ${update} instead`);
    expect(delta.skill.core_rule).toMatch(/cabin/);
    expect(delta.applies_when).not.toMatch(/different the/);
    // The run's evaluator note names the same function: sharing a function name is not copying judge prose.
    const judgeNotes = [
      'The agent called airline.update_reservation_flights with cabin <TEXT> although the task asked otherwise.',
    ];
    expect(validateDelta(delta, { ...ctx, judgeNotes }).issues).toEqual([]);
  });

  it('does not use an evaluator description (db_check, "judged by an LLM") as the trigger, so the delta stays valid', () => {
    for (const description of [
      'db_check: the environment database after the run equals the gold database.',
      'Natural-language assertion judged by an LLM.',
    ]) {
      const d = packetDiagnosis({
        checkpoint: 'Final database state matches the expected one',
        checkpoint_description: description,
        category: 'Policy violation',
        actions_in_span: [{ position: 6, tool: update, arguments: args('business') }],
        what_went_wrong: 'Changed the cabin without asking the user which cabin they wanted.',
        what_should_have_happened: 'Confirm the cabin with the user before calling the update.',
      });
      const [delta] = offlineReflect(packet({ diagnoses: [d] })).deltas as SkillCardContent[];
      expect(delta.applies_when).not.toContain(description);
      expect(validateDelta(delta, ctx).issues, description).toEqual([]);
    }
  });
});

describe('offline curation compares rules, not templates', () => {
  it('adds a rule about another function instead of calling it a near-duplicate of a card with the same wording', () => {
    const [flights] = offlineReflect(packet({})).deltas as SkillCardContent[];
    const [baggages] = offlineReflect(packet({}, 'airline.update_reservation_baggages')).deltas as SkillCardContent[];
    const patch = offlineCurate(0, baggages, [{ key: 'skill::skill_aa11', content: flights }]);
    expect(patch.operation, patch.reason).toBe('ADD_CARD');
  });

  it('still finds the near-duplicate when the function is the same', () => {
    const [flights] = offlineReflect(packet({})).deltas as SkillCardContent[];
    const patch = offlineCurate(0, flights, [{ key: 'skill::skill_aa11', content: flights }]);
    expect(patch.operation).toBe('NOOP');
  });

  it("patches a near-duplicate (same wording) that lacks the delta's list items instead of dropping them as a no-op", () => {
    const [flights] = offlineReflect(packet({})).deltas as SkillCardContent[];
    const card = {
      ...flights,
      skill: {
        ...flights.skill,
        completion_condition: [],
        success_contrast: [],
        failure_contrast: [],
        recovery: [],
        efficiency: [],
      },
    };
    const patch = offlineCurate(0, flights, [{ key: 'skill::skill_aa11', content: card }]);
    expect(patch.operation, patch.reason).toBe('PATCH_CARD');
    expect((patch.new_or_updated_card as SkillCardContent).skill).toEqual(flights.skill);
  });
});

describe('offline wording quotes names as written', () => {
  it('keeps the underscores of a quoted checkpoint name in the evidence, and keeps function names out of the trigger', () => {
    // No anchored action and no divergence: the card can only name the checkpoint itself.
    const d = packetDiagnosis({
      checkpoint: 'airline.send_certificate',
      checkpoint_description: '',
      category: 'Missed step',
      span: { start: null, end: null },
      actions_in_span: [],
      what_went_wrong: '',
      what_should_have_happened: 'Offer the certificate once the delay is confirmed.',
    });
    const [delta] = offlineReflect(packet({ diagnoses: [d], divergences: [] })).deltas as SkillCardContent[];
    expect(delta.applies_when).toBe('The user wants to change the flight.');
    expect(delta.evidence.observed_feedback[0]).toContain('"airline.send_certificate"');
    expect(JSON.stringify(delta)).not.toContain('send certificate');
    // The name as written is still a valid card (it is a step name, not judge prose).
    expect(validateDelta(delta, ctx).issues).toEqual([]);
  });
});
