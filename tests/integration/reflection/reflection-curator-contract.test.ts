import { describe, expect, it } from 'vitest';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { createActor } from '../../helpers/factories';
import { reply, stepOf, FAKE_LLM_RUN, fakeOpenAiPerTest, type FakeReply } from '../../helpers/fake-openai-server';
import { createQueuedRun, createSkillCard, mailTaskWithDiagnosis, skillDelta } from '../../helpers/reflection-fixtures';

/** docs/architecture.md "Curator": the shape each operation must have, enforced on what the model returns. */
const server = fakeOpenAiPerTest({ maxRetries: 0 });
const openai = FAKE_LLM_RUN;

async function curateOnce(patch: (keys: { flags: string; paginate: string }) => unknown, delta = skillDelta()) {
  const { taskId, ability } = await mailTaskWithDiagnosis();
  const flags = await createSkillCard(DEMO_SKILL_CARDS[1].versions[0], { ability, apps: ['mail'] });
  const paginate = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability, apps: ['mail'] });
  const body = patch({ flags: flags.key, paginate: paginate.key });
  server().respond((req): FakeReply =>
    stepOf(req) === 'reflector' ? reply.json({ deltas: [delta] }) : reply.json(body),
  );
  const run = await createQueuedRun({ taskId, settings: openai });
  await executeRun(run.id);
  const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
  expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
  expect(detail.proposals).toHaveLength(1);
  return detail.proposals[0];
}

const flagsCard = DEMO_SKILL_CARDS[1].versions[0];

describe('curator patches follow the operation contract', () => {
  it('rejects a NARROW_TRIGGER that also rewrites the rule, naming the changed fields', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'NARROW_TRIGGER',
      target_card_id: k.flags,
      target_card_ids: [],
      new_or_updated_card: {
        ...flagsCard,
        applies_when: `${flagsCard.applies_when} and flagged messages exist`,
        skill: { ...flagsCard.skill, core_rule: 'Archive every message at once' },
      },
      reason: 'Narrower trigger',
    }));
    expect(p).toMatchObject({ operation: 'NARROW_TRIGGER', status: 'INVALID', valid: false });
    expect(p.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'operation',
          message: expect.stringMatching(/only change applies_when.*skill/),
        }),
      ]),
    );
  });

  it('rejects a PATCH_CARD that changes the trigger (scope) of the card', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'PATCH_CARD',
      target_card_id: k.flags,
      target_card_ids: [],
      new_or_updated_card: { ...flagsCard, applies_when: 'Any time the user mentions e-mail' },
      reason: 'More content',
    }));
    expect(p).toMatchObject({ operation: 'PATCH_CARD', status: 'INVALID', valid: false });
    expect(p.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'operation',
          path: 'new_or_updated_card.applies_when',
          message: expect.stringMatching(/PATCH_CARD must not change applies_when/),
        }),
      ]),
    );
  });

  it('rejects a NARROW_TRIGGER that leaves applies_when as it was', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'NARROW_TRIGGER',
      target_card_id: k.flags,
      target_card_ids: [],
      new_or_updated_card: flagsCard,
      reason: 'Narrower trigger',
    }));
    expect(p).toMatchObject({ status: 'INVALID', valid: false });
    expect(p.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'operation', path: 'new_or_updated_card.applies_when' }),
      ]),
    );
  });

  it('accepts a NARROW_TRIGGER that only narrows applies_when', async () => {
    // The delta is about the flags card's own situation (a pagination delta may not narrow it).
    const flagged = skillDelta({
      title: 'Leave flagged messages out of a bulk archive',
      applies_when: 'The task asks to archive many messages but keep the flagged ones',
      tags: ['archive', 'flags', 'bulk'],
    });
    const p = await curateOnce(
      (k) => ({
        delta_index: 0,
        operation: 'NARROW_TRIGGER',
        target_card_id: k.flags,
        target_card_ids: [],
        new_or_updated_card: { ...flagsCard, applies_when: `${flagsCard.applies_when} and flagged messages exist` },
        reason: 'Narrower trigger',
      }),
      flagged,
    );
    expect(p).toMatchObject({ status: 'PENDING', valid: true });
  });

  it('rejects a MERGE_CARD that lists the same card twice instead of several cards', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'MERGE_CARD',
      target_card_id: k.paginate,
      target_card_ids: [k.paginate, k.paginate],
      new_or_updated_card: DEMO_SKILL_CARDS[0].versions[0],
      reason: 'Same rule',
    }));
    expect(p).toMatchObject({ status: 'INVALID', valid: false });
    expect(p.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'operation', message: 'MERGE_CARD needs at least two cards' }),
      ]),
    );
  });
});

describe('a NOOP carries no card', () => {
  it('marks a NOOP that carries a card as failed validation, not as a recorded no-op', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'NOOP',
      target_card_id: k.paginate,
      target_card_ids: [],
      new_or_updated_card: DEMO_SKILL_CARDS[0].versions[0],
      reason: 'Already covered',
    }));
    expect(p).toMatchObject({ operation: 'NOOP', status: 'INVALID', valid: false });
    expect(p.validation).toEqual([
      expect.objectContaining({ rule: 'operation', message: 'a NOOP must not carry a card' }),
    ]);
  });

  it('records a plain NOOP with its reason and no card', async () => {
    const p = await curateOnce((k) => ({
      delta_index: 0,
      operation: 'NOOP',
      target_card_id: k.paginate,
      target_card_ids: [],
      new_or_updated_card: null,
      reason: 'Already covered',
    }));
    expect(p).toMatchObject({
      operation: 'NOOP',
      status: 'NOOP',
      valid: true,
      proposedCard: null,
      reason: 'Already covered',
      targets: [],
    });
  });
});
