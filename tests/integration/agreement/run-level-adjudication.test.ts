import { describe, expect, it } from 'vitest';
import type { Actor } from '@/lib/auth/permissions';
import { prisma } from '@/lib/db/prisma';
import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { listDisagreements } from '@/lib/diagnosis/list-disagreements';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { setOverlap } from '@/lib/queue/overlap';
import { computeInputHash } from '@/lib/reflection/input-hash';
import { buildContrastPacket } from '@/lib/reflection/packet';
import { reflectionRunSettingsSchema } from '@/lib/reflection/run-settings';
import { RUN_LEVEL_NAME, runTargetId } from '@/lib/trajectories/run-target';
import { createActor, uid } from '../../helpers/factories';
import { seedRecords } from '../../helpers/failed-trajectories';
import { maxStepsRecord } from '../../helpers/run-level';

/** A max_steps run (no checkpoint results) that two annotators diagnosed as a whole, differently (overlap k = 2). */
async function runDisagreement() {
  const benchmark = `run-adj-${uid()}`;
  const [runId, otherRunId] = await seedRecords([
    maxStepsRecord({ benchmark, loops: 8 }),
    maxStepsRecord({ benchmark, loops: 3 }),
  ]);
  await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
  const [first, second] = await prisma.failureCategory.findMany({ orderBy: { position: 'asc' }, take: 2 });
  const authors = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
  const ranges = [
    [1, 4],
    [10, 16],
  ];
  for (const [i, author] of authors.entries())
    await submitDiagnosis(author, {
      runTrajectoryId: runId,
      categoryId: [first, second][i].id,
      eventStart: ranges[i][0],
      eventEnd: ranges[i][1],
      whatWentWrong: `Loop seen by annotator ${i}`,
      whatShouldHaveHappened: `Rule of annotator ${i}`,
    });
  const diagnoses = await prisma.diagnosis.findMany({
    where: { runTrajectoryId: runId },
    orderBy: { createdAt: 'asc' },
  });
  const run = await prisma.trajectory.findUniqueOrThrow({ where: { id: runId } });
  return { benchmark, runId, otherRunId, taskId: run.taskId, authors, diagnoses, first, second };
}

/** One of the two annotators, promoted to reviewer: now a party who could judge it. */
async function sideAsReviewer(authorId: string): Promise<Actor> {
  const u = await prisma.user.update({ where: { id: authorId }, data: { role: 'REVIEWER' } });
  return { userId: u.id, name: u.name, email: u.email, role: 'REVIEWER', via: 'session' };
}

const offline = reflectionRunSettingsSchema.parse({ provider: 'offline' });

describe('runs diagnosed as a whole in agreement and adjudication', () => {
  it('counts the run as an agreement unit, lists its disagreement, and reflection reads its adjudication', async () => {
    const { benchmark, runId, taskId, authors, diagnoses, second } = await runDisagreement();
    const reviewer = await createActor('REVIEWER');

    const figures = await getAgreementFigures(reviewer, { benchmark });
    expect(figures).toMatchObject({ units: 1, ratings: 2, annotators: 2, agreement: 0, iouN: 1, iou: 0 });

    const open = await listDisagreements(reviewer, { benchmark });
    expect(open.total).toBe(1);
    expect(open.items).toEqual([
      expect.objectContaining({
        targetId: runTargetId(runId),
        checkpointResultId: null,
        runTrajectoryId: runId,
        trajectoryId: runId,
        checkpointName: RUN_LEVEL_NAME,
        reasons: ['category', 'range'],
        adjudication: null,
        notYours: null,
      }),
    ]);
    expect(open.items[0].ratings.map((r) => r.diagnosisId)).toEqual(diagnoses.map((d) => d.id));
    // A side of it, promoted to reviewer, sees why it is not theirs to settle, and is refused.
    const side = await sideAsReviewer(authors[0].userId);
    expect((await listDisagreements(side, { benchmark })).items[0].notYours).toMatch(/own diagnosis/i);
    await expect(
      adjudicate(side, { runTrajectoryId: runId, chosenDiagnosisId: diagnoses[0].id }),
    ).rejects.toMatchObject({ status: 403, reason: 'OWN_WORK' });

    const hashBefore = await computeInputHash(taskId, offline);
    const written = await adjudicate(reviewer, {
      runTrajectoryId: runId,
      categoryId: second.id,
      eventStart: 2,
      eventEnd: 12,
      whatWentWrong: 'The same search, again and again',
      whatShouldHaveHappened: 'The adjudicated rule for the loop',
    });
    expect(written).toMatchObject({ runTrajectoryId: runId, checkpointResultId: null, reviewerId: reviewer.userId });
    // The adjudication changes what reflection reads, so a run over the same task is not a duplicate.
    expect(await computeInputHash(taskId, offline)).not.toBe(hashBefore);

    expect((await listDisagreements(reviewer, { benchmark })).items).toEqual([]);
    const done = await listDisagreements(reviewer, { benchmark, status: 'adjudicated' });
    expect(done.items[0]).toMatchObject({
      targetId: runTargetId(runId),
      adjudication: { whatShouldHaveHappened: 'The adjudicated rule for the loop', eventStart: 2, eventEnd: 12 },
    });

    const { packet, context } = await buildContrastPacket(taskId, offline);
    expect(packet.diagnoses.map((d) => d.what_should_have_happened)).toEqual(['The adjudicated rule for the loop']);
    // The adjudicated diagnosis stands for both annotators' diagnoses of the run (provenance names them).
    expect([...context.packetDiagnosisIds[0]].sort()).toEqual(diagnoses.map((d) => d.id).sort());

    // Picking one annotator's diagnosis instead replaces the written decision, audited with its before.
    await adjudicate(reviewer, { runTrajectoryId: runId, chosenDiagnosisId: diagnoses[1].id });
    const picked = await buildContrastPacket(taskId, offline);
    expect(picked.packet.diagnoses.map((d) => d.what_should_have_happened)).toEqual(['Rule of annotator 1']);
    expect(await prisma.adjudication.count({ where: { runTrajectoryId: runId } })).toBe(1);
    const audits = await prisma.auditLog.findMany({
      where: { entityType: 'Adjudication', entityId: written.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(audits.map((a) => a.action)).toEqual(['adjudication.create', 'adjudication.update']);
  });

  it('refuses a run adjudication naming both targets or none, a range past the run, a run not in disagreement, or no run', async () => {
    const { runId, otherRunId, diagnoses } = await runDisagreement();
    const reviewer = await createActor('REVIEWER');
    const cp = await prisma.checkpointResult.findFirst({ select: { id: true } });
    await expect(
      adjudicate(reviewer, {
        runTrajectoryId: runId,
        checkpointResultId: cp?.id ?? 'x',
        whatShouldHaveHappened: 'z',
      }),
    ).rejects.toThrow(/checkpointResultId or runTrajectoryId, not both/);
    await expect(adjudicate(reviewer, { whatShouldHaveHappened: 'z' })).rejects.toThrow(
      /checkpointResultId \(or runTrajectoryId for a run diagnosed as a whole\) is required/,
    );
    // maxStepsRecord with 8 loops has 17 events (0–16).
    await expect(
      adjudicate(reviewer, { runTrajectoryId: runId, eventStart: 3, eventEnd: 17, whatShouldHaveHappened: 'z' }),
    ).rejects.toThrow(/eventEnd 17 is past the last event \(16\)/);
    await expect(
      adjudicate(reviewer, { runTrajectoryId: otherRunId, chosenDiagnosisId: diagnoses[0].id }),
    ).rejects.toThrow(/Only runs with two or more submitted diagnoses are adjudicated/);
    await expect(adjudicate(reviewer, { runTrajectoryId: 'no-such-run', whatShouldHaveHappened: 'z' })).rejects.toThrow(
      /Run no-such-run/,
    );
    expect(await prisma.adjudication.count({ where: { runTrajectoryId: runId } })).toBe(0);
  });
});
