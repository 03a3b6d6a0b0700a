import { describe, expect, it } from 'vitest';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { curatorDecision } from '../../helpers/curator-decision';
import { createActor } from '../../helpers/factories';
import { reply, stepOf, FAKE_LLM_RUN, fakeOpenAiPerTest, type FakeReply } from '../../helpers/fake-openai-server';
import { createQueuedRun, createSkillCard, mailTaskWithDiagnosis, skillDelta } from '../../helpers/reflection-fixtures';

/** docs/architecture.md "Curator": the shape each operation must have, enforced on what the model returns. */
const server = fakeOpenAiPerTest({ maxRetries: 0 });
const openai = FAKE_LLM_RUN;

type Keys = { flags: string; paginate: string };

async function curateOnce(patch: (keys: Keys) => unknown, delta = skillDelta()) {
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
  it.each([
    {
      name: 'a NARROW_TRIGGER that also rewrites the rule, naming the changed fields',
      operation: 'NARROW_TRIGGER',
      decide: (k: Keys) => ({
        target: k.flags,
        card: {
          ...flagsCard,
          applies_when: `${flagsCard.applies_when} and flagged messages exist`,
          skill: { ...flagsCard.skill, core_rule: 'Archive every message at once' },
        },
        reason: 'Narrower trigger',
      }),
      issue: { message: expect.stringMatching(/only change applies_when.*skill/) },
    },
    {
      name: 'a PATCH_CARD that changes the trigger (scope) of the card',
      operation: 'PATCH_CARD',
      decide: (k: Keys) => ({
        target: k.flags,
        card: { ...flagsCard, applies_when: 'Any time the user mentions e-mail' },
        reason: 'More content',
      }),
      issue: {
        path: 'new_or_updated_card.applies_when',
        message: expect.stringMatching(/PATCH_CARD must not change applies_when/),
      },
    },
    {
      name: 'a NARROW_TRIGGER that leaves applies_when as it was',
      operation: 'NARROW_TRIGGER',
      decide: (k: Keys) => ({ target: k.flags, card: flagsCard, reason: 'Narrower trigger' }),
      issue: { path: 'new_or_updated_card.applies_when' },
    },
    {
      name: 'a MERGE_CARD that lists the same card twice instead of several cards',
      operation: 'MERGE_CARD',
      decide: (k: Keys) => ({
        target: k.paginate,
        targets: [k.paginate, k.paginate],
        card: DEMO_SKILL_CARDS[0].versions[0],
        reason: 'Same rule',
      }),
      issue: { message: 'MERGE_CARD needs at least two cards' },
    },
  ])('rejects $name', async ({ operation, decide, issue }) => {
    const p = await curateOnce((k) => curatorDecision({ operation, ...decide(k) }));
    expect(p).toMatchObject({ operation, status: 'INVALID', valid: false });
    expect(p.validation).toEqual(expect.arrayContaining([expect.objectContaining({ rule: 'operation', ...issue })]));
  });

  it('accepts a NARROW_TRIGGER that only narrows applies_when', async () => {
    // The delta is about the flags card's own situation (a pagination delta may not narrow it).
    const flagged = skillDelta({
      title: 'Leave flagged messages out of a bulk archive',
      applies_when: 'The task asks to archive many messages but keep the flagged ones',
      tags: ['archive', 'flags', 'bulk'],
    });
    const p = await curateOnce(
      (k) =>
        curatorDecision({
          operation: 'NARROW_TRIGGER',
          target: k.flags,
          card: { ...flagsCard, applies_when: `${flagsCard.applies_when} and flagged messages exist` },
          reason: 'Narrower trigger',
        }),
      flagged,
    );
    expect(p).toMatchObject({ status: 'PENDING', valid: true });
  });
});

describe('a NOOP carries no card', () => {
  const noop = (card: unknown) => (k: Keys) =>
    curatorDecision({ operation: 'NOOP', target: k.paginate, card, reason: 'Already covered' });

  it('marks a NOOP that carries a card as failed validation, not as a recorded no-op', async () => {
    const p = await curateOnce(noop(DEMO_SKILL_CARDS[0].versions[0]));
    expect(p).toMatchObject({ operation: 'NOOP', status: 'INVALID', valid: false });
    expect(p.validation).toEqual([
      expect.objectContaining({ rule: 'operation', message: 'a NOOP must not carry a card' }),
    ]);
  });

  it('records a plain NOOP with its reason and no card', async () => {
    const p = await curateOnce(noop(null));
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
