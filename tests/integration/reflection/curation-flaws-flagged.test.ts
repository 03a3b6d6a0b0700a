import { describe, expect, it } from 'vitest';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { getProposal } from '@/lib/review/get-proposal';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { curatorDecision } from '../../helpers/curator-decision';
import { createActor } from '../../helpers/factories';
import { reply, stepOf, FAKE_LLM_RUN, fakeOpenAiPerTest, type FakeReply } from '../../helpers/fake-openai-server';
import { createQueuedRun, createSkillCard, mailTaskWithDiagnosis, skillDelta } from '../../helpers/reflection-fixtures';

/**
 * Issue 40: a proposal with a curation flaw is flagged when it is made, with
 * its reason, so the reviewer sees it before deciding (and cannot approve it
 * as is). The model's replies are scripted through an OpenAI-compatible server.
 */
const server = fakeOpenAiPerTest({ maxRetries: 0 });
const openai = FAKE_LLM_RUN;

const clean = skillDelta({
  title: 'Finding the newest matching message: read every result page before choosing',
  applies_when: 'The user wants the newest message on a topic, and the search says more pages follow.',
});
const add = reply.addCard;

async function curate(deltas: unknown[], curator: (i: number, keys: { flags: string }) => FakeReply) {
  const { taskId, ability } = await mailTaskWithDiagnosis();
  const flags = await createSkillCard(DEMO_SKILL_CARDS[1].versions[0], { ability, apps: ['mail'] });
  server().respond((req): FakeReply => {
    if (stepOf(req) === 'reflector') return reply.json({ deltas });
    const i = Number(req.messages[1].content.match(/^Delta (\d+):/m)?.[1]);
    return curator(i, { flags: flags.key });
  });
  const run = await createQueuedRun({ taskId, settings: openai });
  await executeRun(run.id);
  const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
  expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
  return detail.proposals.sort((a, b) => (a.deltaIndex ?? 0) - (b.deltaIndex ?? 0));
}

describe('curation flaws are flagged before a reviewer sees the proposal', () => {
  it('flags a card copied from the annotator with checkpoint ids, grader words and a tool-named title, and shows why', async () => {
    const flawed = skillDelta({
      title: 'Call search messages before finishing',
      applies_when: 'The task reaches the call of mail.search_messages',
      skill: {
        core_rule: 'Same root cause as 12_3: fetch every page, as the task expects',
        completion_condition: ['The final database matches'],
      },
    });
    const [bad, ok] = await curate([flawed, clean], (i) => add(i, i === 0 ? flawed : clean));
    expect(ok).toMatchObject({ valid: true, status: 'PENDING' });
    expect(bad).toMatchObject({ valid: false, status: 'INVALID' });
    const curation = bad.validation.filter((v) => v.rule === 'curation').map((v) => `${v.path} ${v.message}`);
    for (const expected of [
      /^new_or_updated_card\.title named after a tool/,
      /^new_or_updated_card\.applies_when named after a tool: names only a function/,
      /^new_or_updated_card\.skill\.core_rule checkpoint id: names checkpoint "12_3"/,
      /^new_or_updated_card\.skill\.core_rule reference to another checkpoint/,
      /^new_or_updated_card\.skill\.core_rule grader vocabulary: .*as the task expects/,
      /^new_or_updated_card\.skill\.completion_condition\[0\] grader vocabulary: .*final database/,
    ])
      expect(curation, String(expected)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
    // The reviewer's page carries the same reasons (validation "when it was curated").
    const page = await getProposal(await createActor('REVIEWER'), bad.id);
    expect(page.validationAtCuration.filter((v) => v.rule === 'curation').length).toBe(curation.length);
  });

  it('flags a PATCH of a card about another situation, naming the card and the shared share of words', async () => {
    const patched = { ...DEMO_SKILL_CARDS[1].versions[0] };
    const [p] = await curate([clean], (i, k) =>
      reply.json(
        curatorDecision({
          delta: i,
          operation: 'PATCH_CARD',
          target: k.flags,
          targets: [k.flags],
          card: {
            ...patched,
            skill: {
              ...patched.skill,
              failure_contrast: [...patched.skill.failure_contrast, clean.skill.failure_contrast[0]],
            },
          },
          reason: 'Close enough',
        }),
      ),
    );
    expect(p).toMatchObject({ operation: 'PATCH_CARD', valid: false, status: 'INVALID' });
    expect(p.validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'curation',
          path: 'target_card_id',
          message: expect.stringMatching(
            /^patch of an unrelated card: edits skill::\w+ .*another situation.*floor 30%/,
          ),
        }),
      ]),
    );
  });

  it('flags the second of two ADDs with one title in a run, and keeps the first', async () => {
    const twin = skillDelta({
      ...clean,
      skill: { ...clean.skill, core_rule: 'Open the newest match only after the last page' },
    });
    const proposals = await curate([clean, twin], (i) => add(i, i === 0 ? clean : twin));
    expect(proposals.map((p) => [p.deltaIndex, p.valid])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect(proposals[1].validation).toEqual([
      expect.objectContaining({
        rule: 'curation',
        message: expect.stringMatching(/^same title as another ADD of this run: delta 0 of this run adds/),
      }),
    ]);
    expect(proposals.map((p) => p.status)).toEqual(['PENDING', 'INVALID']);
  });
});
