import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { approveAllValid } from '@/lib/eval/approve-all';
import { bankSources, formatHits, labelledHits, ownCardHits, retrievalLabelsSchema } from '@/lib/eval/retrieval-hits';
import { executeRun } from '@/lib/reflection/execute-run';
import { approveProposal } from '@/lib/review/approve-proposal';
import { createActor, uid } from '../../helpers/factories';
import { seedBaggageContrastTask } from '../../helpers/contrast-task';
import { createQueuedRun, submitDiagnoses } from '../../helpers/reflection-fixtures';

// The "approve all valid → retrieval" half of npm run eval:reflection, on a self-written contrast task.
async function reflectedTask(ability: string) {
  const seeded = await seedBaggageContrastTask({ passing: 1, failing: 1, ability });
  await submitDiagnoses(seeded.failingIds[0], {
    wrong: 'Kept the old bag count.',
    should: 'Pass the number of bags the user brings to the update.',
    category: 'wrong-tool-or-arguments',
    onlyFirst: true,
  });
  const task = await prisma.task.findFirstOrThrow({ where: { benchmark: seeded.benchmark } });
  const run = await createQueuedRun({
    taskId: task.id,
    settings: { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true },
  });
  await executeRun(run.id);
  return { ...seeded, task, runId: run.id };
}

describe('eval:reflection approve all valid → retrieval', () => {
  it('approves every valid proposal through approveProposal (review, audit, card version) and the source task retrieves its own card in the top 3', async () => {
    const reviewer = await createActor('REVIEWER');
    const ability = `airline-${uid()}`;
    const { task, runId } = await reflectedTask(ability);
    const outcome = await approveAllValid(reviewer, runId);
    expect(outcome.refused).toEqual([]);
    expect(outcome.approved).toHaveLength(1);
    const [card] = outcome.approved;
    expect(await prisma.proposal.findUniqueOrThrow({ where: { id: card.proposalId } })).toMatchObject({
      status: 'APPROVED',
    });
    expect(
      await prisma.review.count({
        where: { proposalId: card.proposalId, reviewerId: reviewer.userId, decision: 'APPROVED' },
      }),
    ).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: 'proposal.approve', entityId: card.proposalId } })).toBe(1);
    expect(await prisma.card.findUniqueOrThrow({ where: { key: card.key } })).toMatchObject({
      currentVersionId: card.versionId,
      ability,
    });
    // Nothing left to approve: a second pass writes nothing.
    expect(await approveAllValid(reviewer, runId)).toEqual({ approved: [], refused: [] });

    const sources = bankSources([{ taskId: task.id, approved: outcome.approved }]);
    expect(sources).toEqual([
      {
        key: card.key,
        sourceTaskIds: new Set([task.id]),
        functions: ['airline.update_reservation_flights'],
        title: (card.content as { title: string }).title,
      },
    ]);
    const own = await ownCardHits(reviewer, [task], sources);
    expect(own).toMatchObject({ hits: 1, of: 1, rows: [{ hit: true, expected: [card.key] }] });
    expect(own.rows[0].top3).toContain(card.key);
    const lines = formatHits(
      own,
      {
        hits: 0,
        of: 1,
        rows: [{ task: 'q', hit: false, top3: [card.key], expected: ['skill::gone'] }],
        unresolved: [],
      },
      sources,
    );
    expect(lines[0]).toMatch(/own card in top 3 .*: 100% \(1\/1\)$/);
    expect(lines[1]).toMatch(/another task of the same ability in top 3 .*: 0% \(0\/1\)$/);
    // Misses name cards by title, not by their random key.
    expect(lines.join('\n')).toContain(
      `q: wanted skill::gone; top 3 "${(card.content as { title: string }).title.slice(0, 60)}"`,
    );
  });

  it('scores a different task of the same ability against its hand labels, and lists labels naming a card the bank does not have', async () => {
    const reviewer = await createActor('REVIEWER');
    const ability = `airline-${uid()}`;
    const source = await reflectedTask(ability);
    const outcome = await approveAllValid(reviewer, source.runId);
    expect(outcome.approved).toHaveLength(1);
    const other = await seedBaggageContrastTask({ passing: 0, failing: 1, ability });
    const query = await prisma.task.findFirstOrThrow({ where: { benchmark: other.benchmark } });
    const labels = retrievalLabelsSchema.parse({
      about: 'test',
      queries: [
        {
          benchmark: other.benchmark,
          task: other.taskExternalId,
          why: 'The same bag-count decision on another reservation change.',
          plausible: [
            {
              benchmark: source.benchmark,
              task: source.taskExternalId,
              function: 'airline.update_reservation_flights',
            },
            { benchmark: source.benchmark, task: source.taskExternalId, function: 'airline.cancel_reservation' },
          ],
        },
        // A query whose only label names no card in the bank is left out of the rate.
        {
          benchmark: other.benchmark,
          task: other.taskExternalId,
          why: 'x',
          plausible: [
            { benchmark: source.benchmark, task: source.taskExternalId, function: 'airline.book_reservation' },
          ],
        },
      ],
    });
    const hits = await labelledHits(
      reviewer,
      labels,
      [source.task, query],
      bankSources([{ taskId: source.task.id, approved: outcome.approved }]),
    );
    expect(hits).toMatchObject({
      hits: 1,
      of: 1,
      rows: [{ task: `${other.benchmark} ${other.taskExternalId}`, hit: true, expected: [outcome.approved[0].key] }],
    });
    expect(hits.unresolved).toEqual([
      `${source.benchmark} ${source.taskExternalId} · airline.cancel_reservation (for ${other.benchmark} ${other.taskExternalId})`,
      `${source.benchmark} ${source.taskExternalId} · airline.book_reservation (for ${other.benchmark} ${other.taskExternalId})`,
    ]);
  });

  it('refuses a label file whose plausible card comes from the query task itself', () => {
    const ref = { benchmark: 'b', task: 't' };
    const parsed = retrievalLabelsSchema.safeParse({
      about: '',
      queries: [{ ...ref, why: 'w', plausible: [{ ...ref, function: 'airline.book_reservation' }] }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['queries', 0, 'plausible', 0],
      message: 'a plausible card must come from a different task than the query',
    });
  });

  it('refuses to approve an edit whose completion condition is an evaluator verdict, writing no card', async () => {
    const reviewer = await createActor('REVIEWER');
    const { runId } = await reflectedTask(`airline-${uid()}`);
    const proposal = await prisma.proposal.findFirstOrThrow({ where: { runId, valid: true, operation: 'ADD_CARD' } });
    const card = proposal.proposedCard as { skill: Record<string, unknown> };
    const edited = {
      ...card,
      skill: { ...card.skill, completion_condition: ['The update reservation flights check passes'] },
    };
    await expect(approveProposal(reviewer, proposal.id, { editedCard: edited })).rejects.toMatchObject({
      code: 'UNPROCESSABLE',
      details: [
        expect.objectContaining({
          path: 'skill.completion_condition[0]',
          message: expect.stringMatching(/^evaluator_wording: .*check passes/),
        }),
      ],
    });
    expect(await prisma.cardVersion.count({ where: { proposalId: proposal.id } })).toBe(0);
    expect(await prisma.proposal.findUniqueOrThrow({ where: { id: proposal.id } })).toMatchObject({
      status: 'PENDING',
    });
  });
});
