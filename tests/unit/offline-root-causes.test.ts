import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { cardFlaws, curationContextOf } from '@/lib/reflection/curation-flaws';
import { offlineReflect } from '@/lib/reflection/offline-provider';
import type { ContrastPacket, PacketDiagnosis } from '@/lib/reflection/packet';
import { groupByRootCause } from '@/lib/reflection/root-causes';
import { isCutMidPhrase } from '@/lib/reflection/situation-wording';
import { packetDiagnosis } from '../helpers/packet-diagnosis';

const update = 'airline.update_reservation_flights';
const calc = 'airline.calculate';
const pay = (payment_id: string) => ({ reservation_id: '<ID>', cabin: 'economy', payment_id });

const diagnosis = packetDiagnosis;

/** The payment lesson told three times (strong, repeated on another run, a bare cross-reference) and one other lesson. */
const strong = diagnosis({
  index: 1,
  actions_in_span: [{ position: 6, tool: update, arguments: pay('gift_card') }],
  aligned_step: {
    passing: [{ run: 'run A', tool: update, arguments: pay('credit_card') }],
    failing: [{ run: 'run B', tool: update, arguments: pay('gift_card') }],
  },
  what_went_wrong: 'Paid the fare difference with a method the user had not chosen.',
  what_should_have_happened: 'Ask which payment method to use and pass exactly that method to the update.',
});
const weak = diagnosis({
  index: 0,
  run: 'run C',
  checkpoint: '7_2',
  span: { start: null, end: null },
  what_went_wrong: 'Same root cause as 7_1.',
  what_should_have_happened: 'Same root cause as 7_1, the final database matches only with the right payment.',
});
const again = diagnosis({
  index: 2,
  run: 'run C',
  checkpoint: '7_4',
  actions_in_span: [{ position: 8, tool: update, arguments: pay('certificate') }],
  what_went_wrong: 'Used a certificate although the user asked for the credit card.',
  what_should_have_happened: 'Ask which payment method to use and pass that method to the update.',
});
const total = diagnosis({
  index: 3,
  checkpoint: '7_3',
  category: 'Missed obligation or side effect',
  actions_in_span: [{ position: 9, tool: calc, arguments: { expression: '<AMOUNT> - <AMOUNT>' } }],
  what_went_wrong: 'Told the user a total that did not include the change fee.',
  what_should_have_happened: 'Work out the total with the change fee before telling the user what they will pay.',
});

function packet(diagnoses: PacketDiagnosis[]): ContrastPacket {
  const run = (label: string, outcome: 'passed' | 'failed', payment: string) => ({
    label,
    outcome,
    score: outcome === 'passed' ? 1 : 0,
    checkpoints: [],
    actions: [{ position: 6, tool: update, arguments: pay(payment), result: '{}', error: false, writes: true }],
    writes: [],
    final_response: '',
    termination: null,
  });
  return {
    task: {
      instruction:
        'Reason for call: For your trip from <LOCATION> to <LOCATION>, you want to change the flights of your reservation to a later date.',
      ability: 'airline',
      apps: ['airline'],
      checkpoints: [],
    },
    all_failed: false,
    runs: [
      run('run A', 'passed', 'credit_card'),
      run('run B', 'failed', 'gift_card'),
      run('run C', 'failed', 'certificate'),
    ],
    diagnoses,
    divergences: [],
  };
}

describe('offline reflection groups diagnoses by root cause', () => {
  it('puts the diagnoses of one lesson in one group, strongest first, and keeps the other lesson apart', () => {
    const groups = groupByRootCause([weak, strong, again, total]);
    expect(groups.map((g) => g.diagnoses.map((d) => d.checkpoint))).toEqual([['7_1', '7_4', '7_2'], ['7_3']]);
    // The rule comes from the strongest diagnosis, never from the bare cross-reference.
    expect(groups[0].rule).toBe('Ask which payment method to use and pass exactly that method to the update.');
  });

  it('builds one delta per cause from all of its diagnoses, with no checkpoint talk', () => {
    const deltas = offlineReflect(packet([weak, strong, again, total])).deltas as SkillCardContent[];
    expect(deltas).toHaveLength(2);
    const [payment, fee] = deltas;
    expect(payment.skill.core_rule).toBe('Ask which payment method to use and pass exactly that method to the update.');
    // Every run of the cause contributes: both failing runs' calls are bad examples, both stories failure contrast.
    expect(payment.evidence.bad_examples).toHaveLength(2);
    expect(payment.skill.failure_contrast.join(' ')).toMatch(/fare difference/);
    expect(payment.skill.failure_contrast.join(' ')).toMatch(/certificate/);
    expect(fee.skill.core_rule).toMatch(/change fee/);
    expect(JSON.stringify(deltas)).not.toMatch(/7_\d|root cause|final database/i);
  });

  it('words each delta as a situation a reviewer can approve as proposed', () => {
    const p = packet([weak, strong, again, total]);
    const deltas = offlineReflect(p).deltas as SkillCardContent[];
    const ctx = curationContextOf(p, [update, calc]);
    for (const d of deltas) {
      expect(cardFlaws(d, ctx), d.title).toEqual([]);
      expect(d.title.length).toBeLessThanOrEqual(120);
      expect(isCutMidPhrase(d.title)).toBe(false);
      expect(d.title).not.toMatch(/airline\.|update reservation flights|^call /i);
      expect(d.applies_when).toMatch(/^The user wants to change the flights of the reservation/);
      expect(d.applies_when).not.toMatch(/airline\./);
    }
    expect(deltas[0].title).toBe(
      'Changing the flights of the reservation to a later date: ask which payment method to use',
    );
    expect(deltas[0].functions_used).toEqual([update]);
  });
});
