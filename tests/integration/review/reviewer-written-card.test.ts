import { describe, expect, it } from 'vitest';
import { loadProposalProvenance } from '@/lib/cards/provenance';
import { prisma } from '@/lib/db/prisma';
import { approveProposal } from '@/lib/review/approve-proposal';
import { writeCard } from '@/lib/review/write-card';
import { skillContent } from '../../helpers/bank-factories';
import { createActor } from '../../helpers/factories';
import { refusal } from '../../helpers/refusal';
import { mailTaskWithDiagnosis } from '../../helpers/reflection-fixtures';

const handCard = (title: string) =>
  skillContent({
    title,
    applies_when: 'The mailbox search answers with more than one page of matches',
    core_rule: 'Walk through every result page before naming the newest message',
    tags: ['pagination', 'mailbox', 'newest'],
  });

describe('a reviewer writes a card by hand', () => {
  it('from a task: a pending REVIEWER_WRITTEN proposal that enters the bank through the one approval, named as theirs', async () => {
    const { taskId, ability } = await mailTaskWithDiagnosis();
    const writer = await createActor('REVIEWER');
    const { proposalId } = await writeCard(writer, { taskId, card: handCard('Walk every mailbox page first') });

    const p = await prisma.proposal.findUniqueOrThrow({ where: { id: proposalId } });
    expect(p).toMatchObject({
      source: 'REVIEWER_WRITTEN',
      status: 'PENDING',
      operation: 'ADD_CARD',
      cardKind: 'SKILL',
      authorId: writer.userId,
      taskId,
      ability,
    });
    // Nothing in the bank until it is approved.
    expect(await prisma.cardVersion.count({ where: { proposalId } })).toBe(0);
    expect(
      await prisma.auditLog.count({
        where: { action: 'proposal.write', entityId: proposalId, actorId: writer.userId },
      }),
    ).toBe(1);

    const { cardVersions } = await approveProposal(writer, proposalId);
    const card = await prisma.card.findUniqueOrThrow({ where: { id: cardVersions[0].cardId } });
    expect(card).toMatchObject({ title: 'Walk every mailbox page first', ability, status: 'ACTIVE' });

    const provenance = await loadProposalProvenance(proposalId);
    expect(provenance?.words).toEqual([{ by: writer.name, fields: [], handWritten: true, at: expect.any(String) }]);
    expect(provenance?.writtenFrom).toMatchObject({ id: taskId, href: `/tasks/${taskId}` });
  });

  it('from a diagnosis: the task and the diagnosis are its provenance', async () => {
    const { taskId, trajectories } = await mailTaskWithDiagnosis();
    const diagnosis = await prisma.diagnosis.findFirstOrThrow({
      where: { trajectoryId: trajectories['quill-medium'], status: 'SUBMITTED' },
    });
    const writer = await createActor('REVIEWER');
    const { proposalId } = await writeCard(writer, {
      diagnosisId: diagnosis.id,
      card: handCard('Walk every page before answering'),
    });
    expect(await prisma.proposal.findUniqueOrThrow({ where: { id: proposalId } })).toMatchObject({
      taskId,
      diagnosisId: diagnosis.id,
    });
    expect((await loadProposalProvenance(proposalId))?.diagnoses.map((d) => d.id)).toEqual([diagnosis.id]);
  });

  it('refuses a hand-written card with an e-mail address or a broken schema, and keeps nothing of it', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const writer = await createActor('REVIEWER');
    const before = await prisma.proposal.count();

    const privacy = await refusal(
      writeCard(writer, {
        taskId,
        card: { ...handCard('Ask the owner first'), solves: 'Mail to jo.smith@example.org went unanswered' },
      }),
    );
    expect(privacy.status).toBe(422);
    expect(privacy.details).toContainEqual({ path: 'solves', message: expect.stringMatching(/^privacy: .*e-?mail/i) });

    const schema = await refusal(writeCard(writer, { taskId, card: { ...handCard(''), tags: ['one'] } }));
    expect(schema.status).toBe(422);
    expect(schema.details.map((d) => d.path)).toEqual(expect.arrayContaining(['title', 'tags']));

    const unobserved = await refusal(
      writeCard(writer, { taskId, card: { ...handCard('Call the right tool'), functions_used: ['mail.teleport'] } }),
    );
    expect(unobserved.details).toContainEqual({
      path: 'functions_used[0]',
      message: expect.stringContaining('mail.teleport'),
    });
    expect(await prisma.proposal.count()).toBe(before);
  });

  it('is for reviewers: an annotator or a researcher may not write one', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    for (const role of ['ANNOTATOR', 'RESEARCHER'] as const) {
      const err = await refusal(writeCard(await createActor(role), { taskId, card: handCard('Not mine to write') }));
      expect(err.code).toBe('FORBIDDEN');
    }
  });
});
