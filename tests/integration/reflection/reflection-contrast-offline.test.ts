import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { evaluatorWording } from '@/lib/reflection/evaluator-wording';
import { getRunDetail } from '@/lib/reflection/read-run';
import { createActor } from '../../helpers/factories';
import { seedBaggageContrastTask } from '../../helpers/contrast-task';
import { createQueuedRun, submitDiagnoses } from '../../helpers/reflection-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

async function reflectOn(failingTrajectoryId: string, category = 'wrong-tool-or-arguments') {
  await submitDiagnoses(failingTrajectoryId, {
    wrong: 'Kept the old baggage count although the user said they bring no bags.',
    should: 'Ask how many bags the user brings and pass that count to the update.',
    category,
    onlyFirst: true,
  });
  const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: failingTrajectoryId } });
  const run = await createQueuedRun({ taskId: t.taskId, settings: offline });
  await executeRun(run.id);
  return getRunDetail(await createActor('REVIEWER'), run.id);
}

describe('contrast-driven offline deltas', () => {
  it("takes good examples from the passing runs' aligned call and bad ones from the failing runs', de-duplicated", async () => {
    const { failingIds } = await seedBaggageContrastTask({ passing: 2, failing: 2 });
    const detail = await reflectOn(failingIds[0]);
    expect(detail.status).toBe('SUCCEEDED');
    const [delta] = detail.deltas;
    const card = delta.content as SkillCardContent;
    expect(delta.validation, JSON.stringify(card, null, 2)).toEqual([]);
    // Two passing runs made the same call: one good example; same for the two failing runs.
    expect(card.evidence.good_examples).toHaveLength(1);
    expect(card.evidence.bad_examples).toHaveLength(1);
    expect(card.evidence.good_examples[0]).toContain('airline.update_reservation_flights');
    expect(card.evidence.good_examples[0]).toContain('"total_baggages":0');
    expect(card.evidence.bad_examples[0]).toContain('"total_baggages":1');
    expect(card.evidence.good_examples[0]).not.toBe(card.evidence.bad_examples[0]);
    // Identifying values stay scrubbed.
    expect(JSON.stringify(card)).not.toMatch(/ZFA04Y|HAT170|4421486/);
    expect(card.skill.success_contrast).toEqual([
      'A passing run called airline.update_reservation_flights with total baggages 0',
    ]);
    expect(card.skill.failure_contrast).toContain(
      'A failing run called airline.update_reservation_flights with total baggages 1',
    );
  });

  it('phrases the completion condition as observable state, titles the card after the decision and tags it from its vocabulary', async () => {
    const { failingIds } = await seedBaggageContrastTask({ passing: 1, failing: 1 });
    const detail = await reflectOn(failingIds[0], 'ambiguous-request');
    const card = detail.deltas[0].content as SkillCardContent;
    expect(card.skill.completion_condition).toEqual([
      'The reservation returned by airline.update_reservation_flights shows the total baggages the user asked for',
    ]);
    for (const c of card.skill.completion_condition) expect(evaluatorWording(c)).toEqual([]);
    // The situation (the instruction's goal) and the rule, no function name: those stay in functions_used.
    expect(card.title).toBe(
      'Changing the flight on reservation to the next day: ask how many bags the user brings and pass that count to the update',
    );
    expect(card.title).not.toMatch(/airline\.|update reservation flights/);
    expect(card.functions_used).toContain('airline.update_reservation_flights');
    expect(card.title).not.toContain('ambiguous');
    // "Acted on an ambiguous request instead of asking" must not leak into the tags.
    expect(card.tags).not.toEqual(expect.arrayContaining(['acted']));
    for (const bad of ['acted', 'instead', 'asking', 'ambiguous', 'request']) expect(card.tags).not.toContain(bad);
    expect(card.tags).toEqual(expect.arrayContaining(['update-reservation-flights', 'reservation', 'baggages']));
  });

  it('keeps diagnostic and recovery content only when every run failed', async () => {
    const { failingIds } = await seedBaggageContrastTask({ passing: 0, failing: 2 });
    const detail = await reflectOn(failingIds[0]);
    const card = detail.deltas[0].content as SkillCardContent;
    expect(detail.deltas[0].valid).toBe(true);
    expect(card.skill.success_contrast).toEqual([]);
    expect(card.evidence.good_examples).toEqual([]);
    expect(card.skill.recovery.length).toBeGreaterThan(0);
    expect(card.evidence.bad_examples).toHaveLength(1);
  });
});
