import type { Prisma } from '@prisma/client';
import { describe, expect, it } from 'vitest';
import type { SkillCardContent } from '@/lib/cards/card-schemas';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { getRunDetail } from '@/lib/reflection/read-run';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { curatorDecision } from '../../helpers/curator-decision';
import { createActor } from '../../helpers/factories';
import {
  FAKE_LLM_RUN,
  fakeOpenAiPerTest,
  reply,
  stepOf,
  type ChatRequest,
  type FakeReply,
} from '../../helpers/fake-openai-server';
import {
  createQueuedRun,
  createSkillCard,
  mailTaskWithDiagnosis,
  seedTaskInOwnBank,
  skillDelta,
  submitDiagnoses,
} from '../../helpers/reflection-fixtures';

/**
 * The whole pipeline with provider "openai": the real `openai` SDK talks HTTP
 * to a local OpenAI-compatible server whose replies each test scripts.
 */
const server = fakeOpenAiPerTest({ maxRetries: 2, timeoutMs: 10_000 });
const openai = FAKE_LLM_RUN;

const replyThread = skillDelta({
  title: 'Reply inside the thread',
  applies_when: 'The task asks to reply to a specific message',
  solves: 'A new message is sent instead of a reply',
  tags: ['reply', 'thread', 'mail'],
  skill: {
    core_rule: 'When asked to reply, call the send function with reply_to set to the message being answered',
    failure_contrast: ['A failing run sent a new message without reply_to'],
    completion_condition: ['The sent message carries reply_to of the newest message'],
  },
  evidence: { observed_feedback: ['The reply step check failed when a new message was sent'] },
  functions_used: ['mail.send_message'],
});
const paginate = skillDelta();

/** Routes requests by prompt: `reflector` answers the reflector, `curator(index)` each delta's curation. */
function script(r: { reflector: () => FakeReply; curator?: (deltaIndex: number, req: ChatRequest) => FakeReply }) {
  server().respond((req) => {
    const step = stepOf(req);
    if (step === 'reflector') return r.reflector();
    if (step === 'curator' && r.curator) {
      const index = Number(req.messages[1].content.match(/^Delta (\d+):/m)?.[1]);
      return r.curator(index, req);
    }
    return reply.status(400, `unexpected ${step} request`);
  });
}

const add = reply.addCard;

async function run(taskId: string, settings: Record<string, unknown> = openai) {
  const r = await createQueuedRun({ taskId, settings });
  await executeRun(r.id);
  return getRunDetail(await createActor('REVIEWER'), r.id);
}

describe('reflection through an OpenAI-compatible endpoint', () => {
  it('a normal run creates the expected proposals with targets, base versions, calls and tokens', async () => {
    const { taskId, ability } = await mailTaskWithDiagnosis();
    const target = await createSkillCard(DEMO_SKILL_CARDS[0].versions[1], { ability, apps: ['mail'] });
    const patched: SkillCardContent = {
      ...DEMO_SKILL_CARDS[0].versions[1],
      skill: {
        ...DEMO_SKILL_CARDS[0].versions[1].skill,
        failure_contrast: [
          ...DEMO_SKILL_CARDS[0].versions[1].skill.failure_contrast,
          paginate.skill.failure_contrast[0],
        ],
      },
    };
    script({
      reflector: () => reply.json({ deltas: [replyThread, paginate] }, { prompt: 1000, completion: 300 }),
      curator: (i) =>
        i === 0
          ? add(0, replyThread)
          : reply.json(
              curatorDecision({
                delta: 1,
                operation: 'PATCH_CARD',
                target: target.key,
                targets: [target.key],
                card: patched,
                reason: 'Adds the failing contrast',
              }),
            ),
    });
    const detail = await run(taskId);
    expect(detail.error).toBeNull();
    expect(detail.status).toBe('SUCCEEDED');
    expect(detail.ruleBased).toBe(false);
    expect(detail.model).toBe('fake-reflector / fake-curator');
    expect(detail.promptVersion).toMatch(/^reflector@3\+curator@2\+focus-default@1$/);
    expect(detail.deltas.map((d) => d.valid)).toEqual([true, true]);
    expect(detail.proposals.map((p) => [p.deltaIndex, p.operation, p.status])).toEqual([
      [0, 'ADD_CARD', 'PENDING'],
      [1, 'PATCH_CARD', 'PENDING'],
    ]);
    expect(detail.proposals[1].targets).toEqual([
      expect.objectContaining({ cardId: target.cardId, baseVersionId: target.versionId, primary: true }),
    ]);
    expect(detail.llmCalls.map((c) => c.step).sort()).toEqual(['curator[0]', 'curator[1]', 'reflector']);
    expect(detail.promptTokens).toBe(1000 + 100 + 100);
    expect(detail.completionTokens).toBe(300 + 20 + 20);
    expect(detail.timings).toEqual(
      expect.objectContaining({
        packetMs: expect.any(Number),
        reflectorMs: expect.any(Number),
        curatorMs: expect.any(Number),
      }),
    );
    expect(detail.rawOutput).toContain('## reflector');
    // What left the server was de-identified and named no model.
    const sent = JSON.stringify(server().requests);
    expect(sent).not.toMatch(/quill-medium|orbit-large-2|vector-mini|m-117|facilities@demo\.invalid/);
    expect(sent).toContain('<ID>');
    // The reflector saw the retrieved card of this bank.
    expect(server().requests.find((r) => stepOf(r) === 'reflector')!.messages[1].content).toContain(
      'Read every page before choosing',
    );
  });

  it('repairs invalid JSON once and then succeeds', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    let reflectorCalls = 0;
    server().respond((req) => {
      const step = stepOf(req);
      if (step === 'reflector')
        return reflectorCalls++ === 0 ? reply.text('```json\n{"deltas": [ {"title": ') : reply.status(400);
      if (step === 'repair') return reply.json({ deltas: [replyThread] });
      return add(0, replyThread);
    });
    const detail = await run(taskId);
    expect(detail.status).toBe('SUCCEEDED');
    expect(detail.llmCalls.map((c) => c.step)).toEqual(['reflector', 'reflector:repair', 'curator[0]']);
    expect(detail.proposals).toHaveLength(1);
  });

  it('fails with the reason and no proposals when the output is invalid twice', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    server().respond(() => reply.text('I cannot answer in JSON, sorry.'));
    const detail = await run(taskId);
    expect(detail.status).toBe('FAILED');
    expect(detail.error).toMatch(/reflector: the model returned invalid output twice/);
    expect(detail.proposals).toHaveLength(0);
    expect(detail.deltas).toHaveLength(0);
    expect(detail.llmCalls).toHaveLength(2);
    expect(detail.packet).not.toBeNull();
    expect(detail.promptTokens).toBe(100);
  });

  it('retries a 500 and then succeeds', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    server().queue.push(reply.status(500));
    script({ reflector: () => reply.json({ deltas: [replyThread] }), curator: () => add(0, replyThread) });
    const detail = await run(taskId);
    expect(detail.status).toBe('SUCCEEDED');
    expect(server().requests).toHaveLength(3);
    expect(detail.proposals).toHaveLength(1);
  });

  it('fails the run with a timeout reason when the endpoint never answers', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    process.env.LLM_TIMEOUT_MS = '400';
    process.env.LLM_MAX_RETRIES = '0';
    server().respond(() => reply.hang());
    const detail = await run(taskId);
    expect(detail.status).toBe('FAILED');
    expect(detail.error).toMatch(/reflector: the LLM request timed out after 400 ms/);
    expect(detail.proposals).toHaveLength(0);
  });

  it('rejects deltas carrying an e-mail address or a phone number, keeping them with reasons', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const withEmail = skillDelta({
      skill: { core_rule: 'Always reply to jane.doe@example.com after reading every page' },
    });
    const withPhone = skillDelta({
      title: 'Call before replying',
      skill: { failure_contrast: ['A failing run never called +1 415 555 0132'] },
    });
    script({
      reflector: () => reply.json({ deltas: [withEmail, withPhone, replyThread] }),
      curator: (i) => add(i, replyThread),
    });
    const detail = await run(taskId);
    expect(detail.status).toBe('SUCCEEDED');
    expect(detail.deltas.map((d) => d.valid)).toEqual([false, false, true]);
    expect(detail.deltas[0].validation).toEqual([
      expect.objectContaining({
        rule: 'privacy',
        path: 'skill.core_rule',
        message: expect.stringMatching(/email "jane\.doe@example\.com"/),
      }),
    ]);
    expect(detail.deltas[1].validation).toEqual([
      expect.objectContaining({
        rule: 'privacy',
        path: 'skill.failure_contrast[0]',
        message: expect.stringMatching(/phone/),
      }),
    ]);
    // Only the valid delta was curated.
    expect(server().requests.filter((r) => stepOf(r) === 'curator')).toHaveLength(1);
    expect(detail.proposals.map((p) => p.deltaIndex)).toEqual([2]);
  });

  it('an all-failed task cannot yield a success recipe, from the reflector or the curator', async () => {
    const seeded = await seedTaskInOwnBank(DEMO_TASKS[5]);
    await submitDiagnoses(seeded.trajectories['orbit-large-2'], {
      wrong: 'Added bags to both legs although the quote exceeded the budget.',
      should:
        'Compare the quoted total with the budget before adding bags, and add only the outbound bag when it is over.',
      category: 'missed-obligation',
    });
    const recipe = skillDelta({
      title: 'Quote before adding bags',
      tags: ['bags', 'budget', 'quote'],
      skill: {
        core_rule: 'Quote bag fees and compare them with the budget before adding bags',
        success_contrast: ['A passing run quoted first and stayed under budget'],
        failure_contrast: [],
      },
      evidence: { good_examples: ['quote then add one bag'] },
      functions_used: ['flights.add_bags'],
    });
    const failureOnly = skillDelta({
      title: 'Compare the quote with the budget',
      tags: ['bags', 'budget', 'quote'],
      skill: {
        core_rule: 'Compare the quoted total with the budget before adding bags',
        failure_contrast: ['Failing runs added bags to both legs over the budget'],
        recovery: ['Remove the extra bag when the total is over the budget'],
      },
      evidence: { observed_feedback: ['The add bags check failed'] },
      functions_used: ['flights.add_bags'],
    });
    const withInventedSuccess = {
      ...failureOnly,
      skill: { ...failureOnly.skill, success_contrast: ['Passing runs compared the quote with the budget'] },
    };
    script({
      reflector: () => reply.json({ deltas: [recipe, failureOnly] }),
      curator: (i) => add(i, withInventedSuccess),
    });
    const detail = await run(seeded.taskId);
    expect(detail.status).toBe('SUCCEEDED');
    expect((detail.packet as { all_failed: boolean }).all_failed).toBe(true);
    expect(server().requests.find((r) => stepOf(r) === 'reflector')!.messages[1].content).toMatch(
      /Every run of this task failed/,
    );
    expect(detail.deltas[0].valid).toBe(false);
    expect(detail.deltas[0].validation.map((v) => [v.rule, v.path])).toEqual([
      ['outcome', 'skill.success_contrast[0]'],
      ['outcome', 'evidence.good_examples[0]'],
    ]);
    expect(detail.deltas[1].valid).toBe(true);
    expect(detail.proposals).toHaveLength(1);
    expect(detail.proposals[0]).toMatchObject({ status: 'INVALID', valid: false });
    expect(detail.proposals[0].validation).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'outcome', path: 'new_or_updated_card.skill.success_contrast[0]' }),
      ]),
    );
  });

  it('MERGE and NARROW patches keep their target ids and base versions', async () => {
    const { taskId, ability } = await mailTaskWithDiagnosis();
    const keep = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability, apps: ['mail'] });
    // The kept card has moved on to version 2: the base must be the current version, not the first.
    const v2 = await prisma.cardVersion.create({
      data: {
        cardId: keep.cardId,
        number: 2,
        parentVersionId: keep.versionId,
        content: DEMO_SKILL_CARDS[0].versions[1] as Prisma.InputJsonValue,
      },
    });
    await prisma.card.update({ where: { id: keep.cardId }, data: { currentVersionId: v2.id } });
    const dup = await createSkillCard(
      { ...DEMO_SKILL_CARDS[0].versions[0], title: 'Fetch all pages first' },
      { ability, apps: ['mail'] },
    );
    const flags = await createSkillCard(DEMO_SKILL_CARDS[1].versions[0], { ability, apps: ['mail'] });
    const narrowed = {
      ...DEMO_SKILL_CARDS[1].versions[0],
      applies_when: 'The task asks to archive many messages with an exception for flagged ones',
    };
    // A NARROW must be about the card's own situation (a delta about replying may not narrow the bulk-move card).
    const bulkArchive = skillDelta({
      title: 'Leave flagged messages out of a bulk archive',
      applies_when: 'The task asks to archive many messages but keep the flagged ones',
      solves: 'Archiving flagged messages with the rest',
      tags: ['archive', 'flags', 'bulk'],
    });
    script({
      reflector: () => reply.json({ deltas: [paginate, bulkArchive] }),
      curator: (i) =>
        i === 0
          ? reply.json(
              curatorDecision({
                operation: 'MERGE_CARD',
                target: keep.key,
                targets: [keep.key, dup.key],
                card: DEMO_SKILL_CARDS[0].versions[1],
                reason: 'Both cards state the pagination rule',
              }),
            )
          : reply.json(
              curatorDecision({
                delta: 1,
                operation: 'NARROW_TRIGGER',
                target: flags.key,
                card: narrowed,
                reason: 'The trigger is too broad',
              }),
            ),
    });
    const detail = await run(taskId);
    expect(detail.status).toBe('SUCCEEDED');
    const [merge, narrow] = detail.proposals;
    expect(merge).toMatchObject({ operation: 'MERGE_CARD', status: 'PENDING', valid: true });
    expect(merge.targets.map((t) => [t.cardId, t.baseVersionId, t.primary])).toEqual([
      [keep.cardId, v2.id, true],
      [dup.cardId, dup.versionId, false],
    ]);
    expect(merge.targets[0].baseVersionNumber).toBe(2);
    expect(narrow).toMatchObject({ operation: 'NARROW_TRIGGER', status: 'PENDING', valid: true });
    expect(narrow.targets).toEqual([
      expect.objectContaining({ cardId: flags.cardId, baseVersionId: flags.versionId, primary: true }),
    ]);
    const row = await prisma.proposal.findUniqueOrThrow({ where: { id: merge.id } });
    expect(row.targetCardId).toBe(keep.cardId);
  });

  it('rejects a patch that targets a card the curator was not given, or invents a function', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    script({
      reflector: () => reply.json({ deltas: [replyThread] }),
      curator: () =>
        reply.json(
          curatorDecision({
            operation: 'PATCH_CARD',
            target: 'skill::skill_deadbeef',
            card: { ...replyThread, functions_used: ['mail.delete_everything'] },
            reason: 'x',
          }),
        ),
    });
    const detail = await run(taskId);
    expect(detail.proposals[0]).toMatchObject({ status: 'INVALID', valid: false });
    expect(detail.proposals[0].validation.map((v) => v.rule).sort()).toEqual(['evidence', 'operation']);
  });

  it('leaves a run cancelled while the model was answering CANCELLED, with no proposals saved', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    script({
      reflector: () => ({ ...reply.json({ deltas: [replyThread] }), delayMs: 400 }),
      curator: () => add(0, replyThread),
    });
    const queued = await createQueuedRun({ taskId, settings: openai });
    const execution = executeRun(queued.id);
    // The reflector request has arrived, so the run is RUNNING and waiting for the delayed reply.
    await expect.poll(() => server().requests.length, { timeout: 5_000, interval: 10 }).toBe(1);
    await prisma.reflectionRun.update({
      where: { id: queued.id },
      data: { status: 'CANCELLED', finishedAt: new Date() },
    });
    await execution;
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: queued.id } })).status).toBe('CANCELLED');
    expect(await prisma.proposal.count({ where: { runId: queued.id } })).toBe(0);
    expect(await prisma.skillDelta.count({ where: { runId: queued.id } })).toBe(0);
    // It stopped before curating: no further model calls were spent.
    expect(server().requests).toHaveLength(1);
  });
});
