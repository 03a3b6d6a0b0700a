import { createReadStream } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { executeRun } from '@/lib/reflection/execute-run';
import { computeInputHash } from '@/lib/reflection/input-hash';
import { getRunDetail, listRuns } from '@/lib/reflection/read-run';
import { DEMO_SKILL_CARDS } from '@/lib/seed/demo-bank';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { createActor, seedDemoTask } from '../../helpers/factories';
import { realDataPath, skipWithoutRealData } from '../../../scripts/lib/real-data';
import {
  createQueuedRun,
  createSkillCard,
  mailTaskWithDiagnosis,
  seedTaskInOwnBank,
  submitDiagnoses,
} from '../../helpers/reflection-fixtures';

const offline = { provider: 'offline', scope: 'failed_and_passed', requireDiagnoses: true };

describe('offline (rule-based) reflection', () => {
  it('turns the diagnoses of demo task mail/1 into at least one valid proposal pending review', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const bank = { cards: await prisma.card.count(), versions: await prisma.cardVersion.count() };
    const run = await createQueuedRun({ taskId, settings: offline });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
    expect(detail.error).toBeNull();
    expect(detail.status).toBe('SUCCEEDED');
    expect(detail.ruleBased).toBe(true);
    expect(detail.promptVersion).toBe('rule-based@7');
    expect(detail.deltas.length).toBeGreaterThanOrEqual(1);
    expect(detail.deltas.every((d) => d.valid)).toBe(true);
    const pending = detail.proposals.filter((p) => p.status === 'PENDING' && p.valid);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(detail.trajectoryIds).toHaveLength(3);
    expect(detail.diagnosisIds.length).toBeGreaterThanOrEqual(1);
    // The packet is de-identified and names no model.
    const packet = JSON.stringify(detail.packet);
    expect(packet).not.toMatch(/quill-medium|orbit-large-2|m-117|office move/);
    expect(packet).toContain('<ID>');
    // Nothing was written to the bank.
    expect({ cards: await prisma.card.count(), versions: await prisma.cardVersion.count() }).toEqual(bank);
  });

  it('patches a close existing card and records its current version as the base', async () => {
    const { taskId, ability } = await mailTaskWithDiagnosis();
    const paginate = await createSkillCard(DEMO_SKILL_CARDS[0].versions[0], { ability, apps: ['mail'] });
    const run = await createQueuedRun({ taskId, settings: offline });
    await executeRun(run.id);
    const proposals = await prisma.proposal.findMany({ where: { runId: run.id }, include: { targets: true } });
    const patch = proposals.find((p) => p.operation === 'PATCH_CARD');
    expect(patch, JSON.stringify(proposals.map((p) => [p.operation, p.reason]))).toBeDefined();
    expect(patch!.targetCardId).toBe(paginate.cardId);
    expect(patch!.targets).toEqual([
      expect.objectContaining({ cardId: paginate.cardId, baseVersionId: paginate.versionId, primary: true }),
    ]);
    expect(patch!.status).toBe('PENDING');
  });

  it('records a NOOP with its reason when the bank already holds the same rule', async () => {
    const { taskId, ability } = await mailTaskWithDiagnosis();
    const first = await createQueuedRun({ taskId, settings: offline });
    await executeRun(first.id);
    const added = await prisma.proposal.findFirstOrThrow({
      where: { runId: first.id, operation: { in: ['ADD_CARD', 'PATCH_CARD'] } },
    });
    await createSkillCard(added.proposedCard as never, { ability, apps: ['mail'] });
    const second = await createQueuedRun({ taskId, settings: offline });
    await executeRun(second.id);
    const noop = await prisma.proposal.findFirstOrThrow({ where: { runId: second.id, deltaIndex: added.deltaIndex } });
    expect(noop.operation).toBe('NOOP');
    expect(noop.status).toBe('NOOP');
    expect(noop.reason).toMatch(/Near-duplicate/);
  });

  it('does not duplicate pending proposals when re-run on unchanged inputs', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const a = await createQueuedRun({ taskId, settings: offline });
    await executeRun(a.id);
    const b = await createQueuedRun({ taskId, settings: offline });
    await executeRun(b.id);
    const runs = await prisma.reflectionRun.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(runs).toHaveLength(2);
    expect(runs[0].inputHash).toMatch(/^[0-9a-f]{64}$/);
    expect(runs[0].inputHash).toBe(runs[1].inputHash);
    const pending = await prisma.proposal.findMany({ where: { run: { taskId }, status: 'PENDING' } });
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((p) => p.runId === b.id)).toBe(true);
    expect(await prisma.proposal.count({ where: { runId: a.id, status: 'SUPERSEDED' } })).toBe(pending.length);
    // A reviewed proposal is never re-proposed for the same inputs.
    await prisma.proposal.updateMany({ where: { runId: b.id }, data: { status: 'REJECTED' } });
    const c = await createQueuedRun({ taskId, settings: offline });
    await executeRun(c.id);
    expect(await prisma.proposal.count({ where: { runId: c.id } })).toBe(0);
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: c.id } })).status).toBe('SUCCEEDED');
  });

  it('two runs on the same inputs executed at once leave one set of pending proposals, both runs succeeding', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const a = await createQueuedRun({ taskId, settings: offline });
    const b = await createQueuedRun({ taskId, settings: offline });
    await Promise.all([executeRun(a.id), executeRun(b.id)]);
    const runs = await prisma.reflectionRun.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(runs.map((r) => r.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const pending = await prisma.proposal.findMany({ where: { run: { taskId }, status: 'PENDING' } });
    expect(pending.length).toBeGreaterThan(0);
    // One run's set, not both runs' proposals side by side.
    expect(new Set(pending.map((p) => p.runId)).size).toBe(1);
    expect(new Set(pending.map((p) => p.deltaIndex)).size).toBe(pending.length);
  });

  it('a new diagnosis changes the input hash', async () => {
    const { taskId, trajectories } = await mailTaskWithDiagnosis();
    const before = await computeInputHash(taskId, offline);
    await submitDiagnoses(trajectories['vector-mini'], {
      wrong: 'Sent a new message instead of replying.',
      should: 'Reply in the thread of the newest message.',
      category: 'answer-form',
    });
    expect(await computeInputHash(taskId, offline)).not.toBe(before);
  });

  it('restarts a run a crash left RUNNING, clearing the partial rows first', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const run = await createQueuedRun({ taskId, settings: offline });
    await prisma.reflectionRun.update({ where: { id: run.id }, data: { status: 'RUNNING', startedAt: new Date() } });
    await prisma.skillDelta.create({ data: { runId: run.id, index: 0, content: { partial: true }, valid: false } });
    await prisma.llmCall.create({
      data: { runId: run.id, step: 'reflector', model: 'x', promptVersion: 'x', promptHash: 'x', request: {} },
    });
    await executeRun(run.id);
    const after = await prisma.reflectionRun.findUniqueOrThrow({
      where: { id: run.id },
      include: { deltas: true, llmCalls: true },
    });
    expect(after.status).toBe('SUCCEEDED');
    expect(after.deltas.some((d) => (d.content as { partial?: boolean }).partial)).toBe(false);
    expect(after.llmCalls).toHaveLength(0);
    // Calling it again for a finished run changes nothing.
    const proposals = await prisma.proposal.count({ where: { runId: run.id } });
    await executeRun(run.id);
    expect(await prisma.proposal.count({ where: { runId: run.id } })).toBe(proposals);
  });

  it('fails with a clear reason when the task has no submitted diagnosis and the run requires one', async () => {
    const { taskId } = await seedDemoTask(DEMO_TASKS[1]);
    const run = await createQueuedRun({ taskId, settings: offline });
    await executeRun(run.id);
    const after = await prisma.reflectionRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.status).toBe('FAILED');
    expect(after.error).toMatch(/no submitted diagnosis/);
    expect(await prisma.proposal.count({ where: { runId: run.id } })).toBe(0);
  });

  it('lists runs newest first with proposal counts per status', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const run = await createQueuedRun({ taskId, settings: offline });
    await executeRun(run.id);
    const page = await listRuns(await createActor('RESEARCHER'), { taskId });
    expect(page.items[0]).toMatchObject({ id: run.id, status: 'SUCCEEDED', ruleBased: true });
    expect(page.items[0].proposals.PENDING).toBeGreaterThanOrEqual(1);
    // Counted per status, statuses without proposals left out.
    const groups = await prisma.proposal.groupBy({ by: ['status'], where: { runId: run.id }, _count: true });
    expect(page.items[0].proposals).toEqual(Object.fromEntries(groups.map((g) => [g.status, g._count])));
    await expect(listRuns(await createActor('ANNOTATOR'), {})).rejects.toThrow(/reflection:read/);
  });
});

describe('offline reflection on the seeded demo workspace', () => {
  it('yields at least one valid pending proposal for demo task mail/1 against the demo bank', async () => {
    const { seedDemoWorkspace } = await import('@/lib/seed/seed-demo');
    await seedDemoWorkspace();
    const task = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: 'demo-suite', externalId: 'mail/1' } },
    });
    const run = await createQueuedRun({ taskId: task.id, settings: offline });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
    expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
    const pending = detail.proposals.filter((p) => p.status === 'PENDING' && p.valid);
    expect(
      pending.length,
      JSON.stringify(detail.proposals.map((p) => [p.operation, p.reason, p.validation])),
    ).toBeGreaterThanOrEqual(1);
  });
});

const tau2File = realDataPath('tau2-bench/airline/gpt-4.1.json');

describe('offline reflection on the real τ²-bench sample', () => {
  it.skipIf(skipWithoutRealData('tau2-bench/airline/gpt-4.1.json', 'offline reflection on the real τ²-bench sample'))(
    'yields a valid proposal on an imported airline task once diagnoses exist',
    async () => {
      const { tau2Adapter } = await import('@/lib/import/adapters/tau2');
      const { validateRecord } = await import('@/lib/import/validate-record');
      const { writeNativeRecord } = await import('@/lib/import/write-record');
      const { ensureFailureCategories } = await import('@/lib/seed/seed-demo');
      const { readdirSync } = await import('node:fs');
      const files = readdirSync(path.dirname(tau2File)).filter((f) => f.endsWith('.json'));
      let taskId = '';
      await prisma.$transaction(async (tx) => ensureFailureCategories(tx));
      for (const f of files) {
        for await (const item of tau2Adapter(createReadStream(path.join(path.dirname(tau2File), f)), { fileName: f })) {
          if (item.kind !== 'record') continue;
          const v = validateRecord(item.record);
          if (!v.ok || v.record.task.id.replace(/^.*\//, '') !== '16') continue;
          const res = await prisma.$transaction((tx) => writeNativeRecord(tx, v.record));
          if (res.status !== 'conflict') taskId = res.taskId;
        }
      }
      expect(taskId).not.toBe('');
      const failing = await prisma.trajectory.findMany({
        where: { taskId, passed: false, failedCount: { gt: 0 } },
        take: 2,
      });
      expect(failing.length).toBeGreaterThan(0);
      for (const t of failing) {
        await submitDiagnoses(t.id, {
          wrong: 'Changed the reservation before checking whether the fare rules allow the change.',
          should:
            'Read the reservation details and the cabin rules first, then confirm the change with the user before calling the update.',
          category: 'policy-violation',
          onlyFirst: true,
        });
      }
      const run = await createQueuedRun({ taskId, settings: offline });
      await executeRun(run.id);
      const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
      expect(detail.error).toBeNull();
      const invalid = detail.deltas.filter((d) => !d.valid).map((d) => d.validation);
      expect(
        detail.proposals.filter((p) => p.status === 'PENDING' && p.valid).length,
        JSON.stringify(invalid),
      ).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(detail.packet)).not.toMatch(/gpt-4\.1|claude|@/);
      // Task 16's NL-assertion checkpoints name its reservation, flights, date and payment id.
      expect(JSON.stringify(detail.packet)).not.toMatch(/M05KNL|HAT110|HAT172|2024-05-24|gift_card_8887175/);
      if (process.env.DUMP_RUN)
        console.log(
          JSON.stringify({ deltas: detail.deltas, proposals: detail.proposals, packet: detail.packet }, null, 1),
        );
    },
  );
});

describe('without diagnoses', () => {
  it('falls back to the divergence between passing and failing runs when the run does not require diagnoses', async () => {
    const { taskId } = await seedTaskInOwnBank(DEMO_TASKS[0]);
    const run = await createQueuedRun({ taskId, settings: { ...offline, requireDiagnoses: false } });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
    expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
    expect(detail.diagnosisIds).toEqual([]);
    expect(detail.deltas.length).toBeGreaterThanOrEqual(1);
    expect(
      detail.deltas.every((d) => d.valid),
      JSON.stringify(detail.deltas.map((d) => d.validation)),
    ).toBe(true);
    expect((detail.deltas[0].content as { functions_used: string[] }).functions_used).toContain('mail.search_messages');
    expect(detail.proposals.filter((p) => p.status === 'PENDING').length).toBeGreaterThanOrEqual(1);
  });
});

describe('scope: passed trajectories only', () => {
  it('shows only passing runs but keeps the diagnoses of failing runs as the human signal', async () => {
    const { taskId } = await mailTaskWithDiagnosis();
    const settings = { ...offline, scope: 'passed_only' };
    expect(await computeInputHash(taskId, settings)).not.toBe(await computeInputHash(taskId, offline));
    const run = await createQueuedRun({ taskId, settings });
    await executeRun(run.id);
    const detail = await getRunDetail(await createActor('REVIEWER'), run.id);
    expect(detail.status, detail.error ?? '').toBe('SUCCEEDED');
    const packet = detail.packet as { runs: { outcome: string }[]; diagnoses: { run: string }[] };
    expect(packet.runs.map((r) => r.outcome)).toEqual(['passed']);
    expect(packet.diagnoses.length).toBeGreaterThanOrEqual(1);
    expect(packet.diagnoses[0].run).toMatch(/outside the selected scope/);
    expect(detail.trajectoryIds).toHaveLength(1);
    expect(detail.proposals.filter((p) => p.status === 'PENDING').length).toBeGreaterThanOrEqual(1);
  });
});

describe('re-running a task after its diagnoses changed', () => {
  it("supersedes the earlier run's unreviewed proposals of the same task instead of piling up a second set", async () => {
    const { taskId, trajectories } = await mailTaskWithDiagnosis();
    await submitDiagnoses(trajectories['vector-mini'], {
      wrong: 'Sent a new message instead of replying.',
      should: 'Reply in the thread of the newest message.',
      category: 'answer-form',
    });
    const first = await createQueuedRun({ taskId, settings: offline });
    await executeRun(first.id);
    const firstPending = await prisma.proposal.findMany({
      where: { runId: first.id, status: 'PENDING' },
      orderBy: { deltaIndex: 'asc' },
    });
    expect(firstPending.length).toBeGreaterThanOrEqual(2);
    // A reviewer already decided one of them: that decision stays.
    await prisma.proposal.update({ where: { id: firstPending[0].id }, data: { status: 'REJECTED' } });
    // An annotator sharpens a diagnosis: new inputs, so a new run.
    await prisma.diagnosis.updateMany({
      where: { trajectoryId: trajectories['vector-mini'] },
      data: { whatShouldHaveHappened: 'Reply inside the thread of the newest matching message.' },
    });
    const second = await createQueuedRun({ taskId, settings: offline });
    await executeRun(second.id);
    expect((await prisma.reflectionRun.findUniqueOrThrow({ where: { id: second.id } })).status).toBe('SUCCEEDED');
    const pending = await prisma.proposal.findMany({ where: { run: { taskId }, status: 'PENDING' } });
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(pending.every((p) => p.runId === second.id)).toBe(true);
    expect(await prisma.proposal.count({ where: { id: firstPending[0].id, status: 'REJECTED' } })).toBe(1);
    expect(await prisma.proposal.count({ where: { runId: first.id, status: 'SUPERSEDED' } })).toBe(
      firstPending.length - 1,
    );
  });
});
