import { describe, expect, it } from 'vitest';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import type { ContrastPacket } from '@/lib/reflection/packet';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { FAKE_LLM_RUN, fakeOpenAiPerTest, reply, stepOf, type ChatRequest } from '../../helpers/fake-openai-server';
import { createQueuedRun, seedTaskInOwnBank, skillDelta, submitDiagnoses } from '../../helpers/reflection-fixtures';

/**
 * The LLM reflector cites, per delta, the packet diagnoses it was built from (from_diagnoses, prompt
 * reflector@3), so a card's provenance names the diagnosis behind it as for the offline reflector's cards.
 */
const server = fakeOpenAiPerTest({ maxRetries: 2, timeoutMs: 10_000 });
const openai = FAKE_LLM_RUN;

const PAGES = 'Read only the first page of search results.';
const NEWEST = 'Opened an older message than the newest match.';
const pagesDelta = skillDelta();
const newestDelta = skillDelta({
  title: 'Opening the message a request refers to: take the newest match',
  applies_when: 'Several messages match what the user asked for',
  solves: 'An older message is opened instead of the newest one',
  tags: ['newest', 'message', 'mail'],
});

/** The packet the reflector was sent (the prompt ends with it). */
function packetOf(req: ChatRequest): ContrastPacket {
  const text = req.messages.find((m) => m.role === 'user')!.content;
  return JSON.parse(text.slice(text.lastIndexOf('Task contrast packet:') + 'Task contrast packet:'.length));
}

/** Answers the reflector with one delta per lesson, each citing `cite(packet)`, and the curator with an ADD of it. */
function script(deltas: { content: unknown; cite: (p: ContrastPacket) => unknown }[]) {
  server().respond((req) => {
    const step = stepOf(req);
    if (step === 'reflector') {
      const packet = packetOf(req);
      return reply.json({
        deltas: deltas.map((d) => ({ ...(d.content as object), from_diagnoses: d.cite(packet) })),
      });
    }
    if (step === 'curator') {
      const i = Number(req.messages[1].content.match(/^Delta (\d+):/m)?.[1]);
      return reply.addCard(i, deltas[i].content);
    }
    return reply.status(400, `unexpected ${step} request`);
  });
}

const indexOf = (p: ContrastPacket, wrong: string) => p.diagnoses.find((d) => d.what_went_wrong === wrong)!.index;

describe('the LLM reflector cites the diagnoses behind each delta', () => {
  it("records each delta's diagnoses, and provenance names the one behind each card", async () => {
    const seeded = await seedTaskInOwnBank(DEMO_TASKS[0]);
    const trajectoryId = seeded.trajectories['quill-medium'];
    const [pages] = await submitDiagnoses(trajectoryId, {
      wrong: PAGES,
      should: 'Fetch every page until next_page is null.',
      onlyFirst: true,
    });
    const [newest] = await submitDiagnoses(trajectoryId, {
      wrong: NEWEST,
      should: 'Open the newest matching message, by date.',
      category: 'wrong-tool-or-arguments',
      onlyFirst: true,
    });
    script([
      // An index naming no packet diagnosis (and a repeat) is left out; the card itself carries no from_diagnoses.
      { content: pagesDelta, cite: (p) => [indexOf(p, PAGES), indexOf(p, PAGES), 99] },
      { content: newestDelta, cite: (p) => [indexOf(p, NEWEST)] },
    ]);
    const run = await createQueuedRun({ taskId: seeded.taskId, settings: openai });
    await executeRun(run.id);
    expect(await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      status: 'SUCCEEDED',
      promptVersion: 'reflector@3+curator@2+focus-default@1',
    });

    const deltas = await prisma.skillDelta.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' } });
    expect(deltas.map((d) => [d.valid, d.diagnosisIds])).toEqual([
      [true, [pages]],
      [true, [newest]],
    ]);
    expect(deltas.map((d) => Object.keys(d.content as object))).not.toContainEqual(
      expect.arrayContaining(['from_diagnoses']),
    );
    for (const [i, id] of [pages, newest].entries()) {
      const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId: run.id, deltaIndex: i } });
      expect(proposal.proposedCard).not.toHaveProperty('from_diagnoses');
      const prov = (await loadProposalProvenance(proposal.id))!;
      expect(prov.diagnosesScope).toBe('delta');
      expect(prov.diagnoses.map((d) => d.id)).toEqual([id]);
    }
  });

  it('a delta that cites nothing (or not a list of indexes) falls back to every diagnosis the run read', async () => {
    const seeded = await seedTaskInOwnBank(DEMO_TASKS[0]);
    const ids = await submitDiagnoses(seeded.trajectories['quill-medium'], {
      wrong: PAGES,
      should: 'Fetch every page until next_page is null.',
    });
    script([{ content: pagesDelta, cite: () => 'all of them' }]);
    const run = await createQueuedRun({ taskId: seeded.taskId, settings: openai });
    await executeRun(run.id);
    const [delta] = await prisma.skillDelta.findMany({ where: { runId: run.id } });
    expect(delta).toMatchObject({ valid: true, diagnosisIds: [] });
    const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId: run.id, deltaIndex: 0 } });
    const prov = (await loadProposalProvenance(proposal.id))!;
    expect(prov.diagnosesScope).toBe('run');
    expect(prov.diagnoses.map((d) => d.id).sort()).toEqual([...ids].sort());
  });
});
