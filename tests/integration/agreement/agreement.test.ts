import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { adjudicate } from '@/lib/diagnosis/adjudicate';
import { getAgreementFigures } from '@/lib/diagnosis/agreement-report';
import { listTrajectoryDiagnoses } from '@/lib/diagnosis/list-diagnoses';
import { listDisagreements } from '@/lib/diagnosis/list-disagreements';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { checkpointLabel } from '@/lib/queue/checkpoint-label';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { failedCheckpointsSchema } from '@/lib/queue/open-checkpoints';
import { setOverlap } from '@/lib/queue/overlap';
import { buildContrastPacket } from '@/lib/reflection/packet';
import { reflectionRunSettingsSchema } from '@/lib/reflection/run-settings';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

type Actor = Awaited<ReturnType<typeof createActor>>;

async function categories() {
  const rows = await prisma.failureCategory.findMany({ orderBy: { position: 'asc' } });
  return { first: rows[0], second: rows[1] };
}

async function diagnose(
  actor: Actor,
  trajectoryId: string,
  opts: { categoryId: string; start: number; end: number; should: string },
) {
  const cp = await prisma.checkpointResult.findFirstOrThrow({ where: { trajectoryId, passed: false } });
  await submitDiagnosis(actor, {
    checkpointResultId: cp.id,
    categoryId: opts.categoryId,
    eventStart: opts.start,
    eventEnd: opts.end,
    whatWentWrong: `wrong by ${actor.name}`,
    whatShouldHaveHappened: opts.should,
  });
  return cp.id;
}

async function overlapBenchmark(k: number) {
  const benchmark = `ovl-${uid()}`;
  const ids = await seedRecords([failedRecord({ benchmark, events: 8 })]);
  const admin = await createActor('ADMIN');
  await setOverlap(admin, { benchmark, k });
  return { benchmark, trajectoryId: ids[0] };
}

describe('overlap k in the queue', () => {
  it('keeps a checkpoint queued until k = 2 different annotators submitted, and never hands it back to one who did', async () => {
    const { benchmark, trajectoryId } = await overlapBenchmark(2);
    const { first } = await categories();
    const [a, b, c] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    expect(await claimNext(a, { benchmark })).toEqual({ trajectoryId });
    await diagnose(a, trajectoryId, { categoryId: first.id, start: 1, end: 2, should: 'Ask first' });
    // Still pending for others; done for a.
    expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).pendingCount).toBe(1);
    expect(await claimNext(a, { benchmark })).toBeNull();
    expect((await listQueue(a, { benchmark })).total).toBe(0);
    expect((await listQueue(b, { benchmark })).total).toBe(1);
    // a's claim was released on submit, so b can take the item.
    expect(await claimNext(b, { benchmark })).toEqual({ trajectoryId });
    await diagnose(b, trajectoryId, { categoryId: first.id, start: 1, end: 2, should: 'Ask first' });
    expect((await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).pendingCount).toBe(0);
    expect(await claimNext(c, { benchmark })).toBeNull();
  });

  it("labels the row with the checkpoint still awaiting the next annotator's diagnosis, and how many of the k it has", async () => {
    const { benchmark, trajectoryId } = await overlapBenchmark(2);
    const { first } = await categories();
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const before = (await listQueue(b, { benchmark })).items[0];
    expect(before.failedCheckpoints).toEqual([{ key: 'cp_0', name: expect.any(String), submitted: 0, k: 2 }]);
    await diagnose(a, trajectoryId, { categoryId: first.id, start: 1, end: 2, should: 'Ask first' });
    // One submission of two: the row for b still names cp_0 (it was empty: the label only counted undiagnosed checkpoints).
    const [row] = (await listQueue(b, { benchmark })).items;
    expect(row.trajectoryId).toBe(trajectoryId);
    expect(row.failedCheckpoints).toEqual([{ key: 'cp_0', name: expect.any(String), submitted: 1, k: 2 }]);
    expect(checkpointLabel(row.failedCheckpoints[0])).toBe('cp_0 (1 of 2 diagnosed)');
  });

  it("keeps each failed checkpoint's submitters on the trajectory, and shows every annotator only the checkpoints still open to them", async () => {
    const benchmark = `subm-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark, failed: 2, passed: 1 })]);
    await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
    const { first } = await categories();
    const [a, b, c] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const results = await prisma.checkpointResult.findMany({
      where: { trajectoryId, passed: false },
      include: { checkpoint: true },
      orderBy: { checkpoint: { position: 'asc' } },
    });
    const [cp0, cp1] = results.map((r) => r.id);
    const submit = (actor: Actor, checkpointResultId: string) =>
      submitDiagnosis(actor, {
        checkpointResultId,
        categoryId: first.id,
        eventStart: 1,
        eventEnd: 1,
        whatWentWrong: 'w',
        whatShouldHaveHappened: 's',
      });
    const stored = async () =>
      failedCheckpointsSchema.parse(
        (await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).failedCheckpoints,
      );
    const shown = async (actor: Actor) =>
      (await listQueue(actor, { benchmark })).items
        .find((i) => i.trajectoryId === trajectoryId)
        ?.failedCheckpoints.map((cp) => `${cp.key} ${cp.submitted}/${cp.k}`);

    await submit(a, cp0);
    expect(await stored()).toEqual([
      { key: 'cp_0', name: 'check cp_0', submitters: [a.userId] },
      { key: 'cp_1', name: 'check cp_1', submitters: [] },
    ]);
    // a's own checkpoint is done for a; b still sees it, with a's submission counted.
    expect(await shown(a)).toEqual(['cp_1 0/2']);
    expect(await shown(b)).toEqual(['cp_0 1/2', 'cp_1 0/2']);

    await submit(a, cp1);
    // Nothing left for a on this trajectory: it leaves a's queue and "take next" skips it, while it stays for b.
    expect(await shown(a)).toBeUndefined();
    expect(await claimNext(a, { benchmark })).toBeNull();
    expect(await shown(b)).toEqual(['cp_0 1/2', 'cp_1 1/2']);

    await submit(b, cp0);
    expect((await stored())[0].submitters).toEqual([a.userId, b.userId].sort());
    // Two of two: closed for everyone, its authors included.
    expect(await shown(c)).toEqual(['cp_1 1/2']);
    expect(await shown(b)).toEqual(['cp_1 1/2']);

    // Every write path keeps the list: a deleted diagnosis (as when its author is removed) takes its author off.
    await prisma.diagnosis.deleteMany({ where: { checkpointResultId: cp0, authorId: b.userId } });
    expect((await stored())[0].submitters).toEqual([a.userId]);
    expect(await shown(c)).toEqual(['cp_0 1/2', 'cp_1 1/2']);
  });

  it('with the default k = 1 one submission takes the checkpoint out of the queue', async () => {
    const benchmark = `one-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark })]);
    const { first } = await categories();
    const a = await createActor('ANNOTATOR');
    await diagnose(a, trajectoryId, { categoryId: first.id, start: 1, end: 1, should: 's' });
    expect((await listQueue(await createActor('ANNOTATOR'), { benchmark })).total).toBe(0);
  });

  it('raising k after submissions puts already-diagnosed checkpoints back in the queue at once', async () => {
    const benchmark = `raise-${uid()}`;
    const [trajectoryId] = await seedRecords([failedRecord({ benchmark })]);
    const { first } = await categories();
    await diagnose(await createActor('ANNOTATOR'), trajectoryId, {
      categoryId: first.id,
      start: 1,
      end: 1,
      should: 's',
    });
    const b = await createActor('ANNOTATOR');
    expect((await listQueue(b, { benchmark })).total).toBe(0);
    await setOverlap(await createActor('ADMIN'), { benchmark, k: 3 });
    expect((await listQueue(b, { benchmark })).total).toBe(1);
    expect(
      await prisma.auditLog.count({ where: { action: 'overlap.set', entityType: 'OverlapSetting' } }),
    ).toBeGreaterThan(0);
  });

  it('recounts pending checkpoints when k changes, rewriting only the trajectories whose count changed', async () => {
    const benchmark = `recount-${uid()}`;
    const [diagnosed, untouched] = await seedRecords([
      failedRecord({ benchmark, failed: 2 }),
      failedRecord({ benchmark, failed: 2 }),
    ]);
    const { first } = await categories();
    await diagnose(await createActor('ANNOTATOR'), diagnosed, { categoryId: first.id, start: 1, end: 1, should: 's' });
    const state = async () => {
      const rows = await prisma.$queryRaw<{ id: string; pending: number; version: string }[]>`
        SELECT id, "pendingCount" AS pending, xmin::text AS version FROM "Trajectory" WHERE id IN (${diagnosed}, ${untouched})`;
      return Object.fromEntries(rows.map((r) => [r.id === diagnosed ? 'diagnosed' : 'untouched', r]));
    };
    const before = await state();
    expect([before.diagnosed.pending, before.untouched.pending]).toEqual([1, 2]);
    const admin = await createActor('ADMIN');
    await setOverlap(admin, { benchmark, k: 2 });
    const raised = await state();
    expect([raised.diagnosed.pending, raised.untouched.pending]).toEqual([2, 2]);
    // k does not change what an undiagnosed trajectory has pending: its row is not written.
    expect(raised.untouched.version).toBe(before.untouched.version);
    expect(raised.diagnosed.version).not.toBe(before.diagnosed.version);
    await setOverlap(admin, { benchmark, k: 1 });
    const lowered = await state();
    expect([lowered.diagnosed.pending, lowered.untouched.pending]).toEqual([1, 2]);
    expect(lowered.untouched.version).toBe(before.untouched.version);
  });

  it('refuses k outside 1..10 and non-admins', async () => {
    await expect(setOverlap(await createActor('ADMIN'), { benchmark: 'x', k: 0 })).rejects.toThrow(/at least 1/);
    await expect(setOverlap(await createActor('REVIEWER'), { benchmark: 'x', k: 2 })).rejects.toThrow(/admin:settings/);
  });
});

describe('blind diagnosis under overlap k > 1', () => {
  it("hides another annotator's diagnosis of a checkpoint until the caller submitted their own, in the API and the contrast grid", async () => {
    const { trajectoryId } = await overlapBenchmark(2);
    const { first, second } = await categories();
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    await diagnose(a, trajectoryId, { categoryId: first.id, start: 1, end: 2, should: 'secret text of a' });
    expect((await listTrajectoryDiagnoses(b, trajectoryId)).map((d) => d.whatShouldHaveHappened)).toEqual([]);
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
    const contrast = await loadTaskContrast(b, t.taskId);
    expect(JSON.stringify(contrast)).not.toContain('secret text of a');
    await diagnose(b, trajectoryId, { categoryId: second.id, start: 5, end: 6, should: 'text of b' });
    expect((await listTrajectoryDiagnoses(b, trajectoryId)).map((d) => d.whatShouldHaveHappened).sort()).toEqual([
      'secret text of a',
      'text of b',
    ]);
    // Reviewers always see everyone's.
    expect(await listTrajectoryDiagnoses(await createActor('REVIEWER'), trajectoryId)).toHaveLength(2);
  });
});

describe('disagreements and adjudication', () => {
  it('lists a checkpoint whose diagnoses disagree, and reflection reads the adjudicated diagnosis instead of the two', async () => {
    const { benchmark, trajectoryId } = await overlapBenchmark(2);
    const { first, second } = await categories();
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    const cpId = await diagnose(a, trajectoryId, {
      categoryId: first.id,
      start: 1,
      end: 2,
      should: 'Rule of annotator a',
    });
    await diagnose(b, trajectoryId, { categoryId: second.id, start: 5, end: 6, should: 'Rule of annotator b' });
    const reviewer = await createActor('REVIEWER');
    const open = await listDisagreements(reviewer, { benchmark });
    expect(open.items).toEqual([
      expect.objectContaining({ checkpointResultId: cpId, reasons: ['category', 'range'], adjudication: null }),
    ]);

    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
    const settings = reflectionRunSettingsSchema.parse({ provider: 'offline' });
    const before = await buildContrastPacket(t.taskId, settings);
    expect(before.packet.diagnoses.map((d) => d.what_should_have_happened).sort()).toEqual([
      'Rule of annotator a',
      'Rule of annotator b',
    ]);

    await adjudicate(reviewer, {
      checkpointResultId: cpId,
      categoryId: second.id,
      eventStart: 2,
      eventEnd: 3,
      whatWentWrong: 'Both saw part of it',
      whatShouldHaveHappened: 'The adjudicated rule',
    });
    const after = await buildContrastPacket(t.taskId, settings);
    expect(after.packet.diagnoses).toHaveLength(1);
    expect(after.packet.diagnoses[0]).toMatchObject({
      what_should_have_happened: 'The adjudicated rule',
      category: second.label,
      span: { start: 2, end: 3 },
    });
    // Both annotators' diagnoses are still recorded as the run's inputs.
    expect(after.context.diagnosisIds).toHaveLength(2);
    expect((await listDisagreements(reviewer, { benchmark })).items).toEqual([]);
    expect(
      (await listDisagreements(reviewer, { benchmark, status: 'adjudicated' })).items[0].adjudication,
    ).toMatchObject({ whatShouldHaveHappened: 'The adjudicated rule' });

    // Picking one annotator's diagnosis instead: the packet carries that one.
    const chosen = await prisma.diagnosis.findFirstOrThrow({ where: { checkpointResultId: cpId, authorId: a.userId } });
    await adjudicate(reviewer, { checkpointResultId: cpId, chosenDiagnosisId: chosen.id });
    const picked = await buildContrastPacket(t.taskId, settings);
    expect(picked.packet.diagnoses.map((d) => d.what_should_have_happened)).toEqual(['Rule of annotator a']);
    expect(await prisma.auditLog.count({ where: { entityType: 'Adjudication' } })).toBe(2);
  });

  it('refuses adjudication by annotators, of a diagnosis from another checkpoint, and without a decision', async () => {
    const { trajectoryId } = await overlapBenchmark(2);
    const { first } = await categories();
    const cpId = await diagnose(await createActor('ANNOTATOR'), trajectoryId, {
      categoryId: first.id,
      start: 1,
      end: 1,
      should: 'x',
    });
    await diagnose(await createActor('ANNOTATOR'), trajectoryId, {
      categoryId: first.id,
      start: 1,
      end: 1,
      should: 'y',
    });
    await expect(
      adjudicate(await createActor('ANNOTATOR'), { checkpointResultId: cpId, whatShouldHaveHappened: 'z' }),
    ).rejects.toThrow(/diagnosis:adjudicate/);
    const reviewer = await createActor('REVIEWER');
    await expect(adjudicate(reviewer, { checkpointResultId: cpId })).rejects.toThrow(/Pick a diagnosis, or write/);
    await expect(adjudicate(reviewer, { checkpointResultId: cpId, chosenDiagnosisId: 'nope' })).rejects.toThrow(
      /not a submitted diagnosis of this checkpoint/,
    );
  });
});

describe('agreement figures from the database', () => {
  it("computes Cohen's kappa, alpha, IoU per pair and per category with n", async () => {
    const benchmark = `fig-${uid()}`;
    const ids = await seedRecords(Array.from({ length: 4 }, () => failedRecord({ benchmark, events: 10 })));
    await setOverlap(await createActor('ADMIN'), { benchmark, k: 2 });
    const { first, second } = await categories();
    const [a, b] = [await createActor('ANNOTATOR'), await createActor('ANNOTATOR')];
    // a: first, first, second, second; b: first, second, second, second → 3 of 4 agree.
    const plan: [string, string][] = [
      [first.id, first.id],
      [first.id, second.id],
      [second.id, second.id],
      [second.id, second.id],
    ];
    for (const [i, [ca, cb]] of plan.entries()) {
      await diagnose(a, ids[i], { categoryId: ca, start: 2, end: 3, should: 's' });
      await diagnose(b, ids[i], { categoryId: cb, start: 3, end: 4, should: 's' });
    }
    const f = await getAgreementFigures(await createActor('REVIEWER'), { benchmark });
    expect(f).toMatchObject({ units: 4, ratings: 8, annotators: 2, agreement: 0.75, iouN: 4 });
    // By hand: po = 3/4; a = (2 first, 2 second), b = (1 first, 3 second); pe = 2/4·1/4 + 2/4·3/4 = 0.5 → kappa 0.5.
    expect(f.kappa).toBeCloseTo(0.5, 10);
    expect(f.pairs).toHaveLength(1);
    expect(f.pairs[0]).toMatchObject({ n: 4, agreement: 0.75 });
    // {2,3} vs {3,4}: 1 shared of 3 events.
    expect(f.iou).toBeCloseTo(1 / 3, 10);
    // Alpha by hand: coincidences o(F,F)=2, o(S,S)=4, o(F,S)=o(S,F)=1; n_F=3, n_S=5, n=8;
    // Do = 2/8, De = 2·3·5/(8·7) = 30/56 → alpha = 1 − 0.25/0.5357 = 0.5333.
    expect(f.alpha).toBeCloseTo(1 - 0.25 / (30 / 56), 10);
    expect(f.categories.map((c) => [c.label, c.n])).toEqual([
      [second.label, 5],
      [first.label, 3],
    ]);
  });
});
