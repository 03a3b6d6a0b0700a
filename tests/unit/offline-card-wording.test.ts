import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { offlineReflect } from '@/lib/reflection/offline-provider';
import type { ContrastPacket, PacketDiagnosis } from '@/lib/reflection/packet';
import { twoRunPacket } from '../helpers/two-run-packet';
import { packetDiagnosis } from '../helpers/packet-diagnosis';

const update = 'airline.update_reservation_flights';
const read = 'airline.get_reservation_details';
const args = (total_baggages: number) => ({ reservation_id: '<ID>', total_baggages });

/** A passing run calling update, a failing one calling `failTool` at the same step. */
const packet = (failTool: string, diagnoses: PacketDiagnosis[] = []): ContrastPacket =>
  twoRunPacket(
    'Add a bag',
    { tool: update, arguments: args(1), writes: true },
    { tool: failTool, arguments: args(2), writes: failTool === update },
    { diagnoses },
  );
const card = (p: ContrastPacket) => offlineReflect(p).deltas[0] as SkillCardContent;

describe('rule-based card text reads as sentences', () => {
  it('names the differing argument in words, and the situation without function names', () => {
    const c = card(packet(update));
    expect(c.applies_when).toBe(
      'The user wants to add a bag, and the agent is about to change the flights of a reservation with the total baggages still to choose.',
    );
    expect(c.title).toBe('Adding a bag: take the total baggages from what the user asked');
    expect(c.solves).toBe('Changing the flights of a reservation with the wrong total baggages');
    expect(c.functions_used).toEqual([update]);
    expect(c.skill.core_rule).toBe(
      `Before calling ${update}, take the total baggages from what the user asked and the latest observations, as the passing run did`,
    );
  });

  it('titles a different call after the goal and both actions, not "Call X here, not Y"', () => {
    const c = card(packet(read));
    expect(c.title).toBe('Adding a bag: change the flights of a reservation before looking up the reservation');
    expect(c.functions_used).toEqual([update, read]);
  });

  it('turns a checkpoint description (often a past-tense verdict) into the outcome the step needs', () => {
    const d = packetDiagnosis({
      checkpoint: 'bag_confirmed',
      checkpoint_description: 'Confirmed the bag count with the user.',
      category: 'Policy violation',
      actions_in_span: [{ position: 6, tool: update, arguments: args(2) }],
      what_went_wrong: 'Added two bags without asking.',
      what_should_have_happened: 'Ask how many bags before adding them.',
    });
    expect(card(packet(update, [d])).applies_when).toBe(
      'The user wants to add a bag, and the agent is about to change the flights of a reservation, and what has to come out of this step is confirming the bag count with the user.',
    );
  });
});

describe('rule-based contrast at the diagnosed call', () => {
  it('leaves out a failing run that passed the same values as the passing runs (it failed elsewhere)', () => {
    const d = packetDiagnosis({
      checkpoint: 'db',
      checkpoint_description: 'The database matches.',
      actions_in_span: [{ position: 6, tool: update, arguments: args(2) }],
      what_went_wrong: 'Added two bags.',
      what_should_have_happened: 'Add one bag.',
      aligned_step: {
        passing: [{ run: 'run A', tool: update, arguments: args(1) }],
        failing: [
          { run: 'run B', tool: update, arguments: args(2) },
          { run: 'run C', tool: update, arguments: args(1) },
        ],
      },
    });
    const c = card(packet(update, [d]));
    expect(c.skill.success_contrast).toEqual([`A passing run called ${update} with total baggages 1`]);
    expect(c.skill.failure_contrast.filter((f) => f.startsWith('A failing run called'))).toEqual([
      `A failing run called ${update} with total baggages 2`,
    ]);
  });
});
