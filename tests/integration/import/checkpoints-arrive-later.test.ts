import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { POST as attachRoute } from '@/app/api/trajectories/[trajectoryId]/checkpoints/route';
import { prisma } from '@/lib/db/prisma';
import { submitDiagnosis } from '@/lib/diagnosis/save-diagnosis';
import { importFile } from '@/lib/import/run-import';
import { claimNext } from '@/lib/queue/claim-next';
import { listQueue } from '@/lib/queue/list-queue';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { completeDiagnosis, createActor, uid } from '../../helpers/factories';
import { seedRecords } from '../../helpers/failed-trajectories';
import { unscoredRecord } from '../../helpers/unscored-record';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

const tmp = mkdtempSync(path.join(os.tmpdir(), 'checkpoints-later-'));

async function researcherToken() {
  const admin = await createActor('ADMIN');
  return (await createApiToken(admin, { name: `eval-${uid()}`, role: 'RESEARCHER' })).token;
}

const post = (token: string, trajectoryId: string, body: unknown) =>
  callRoute(attachRoute, `/api/trajectories/${encodeURIComponent(trajectoryId)}/checkpoints`, {
    token,
    body: JSON.stringify(body),
    params: { trajectoryId },
    headers: { 'content-type': 'application/json' },
  });

const failing = {
  checkpoints: [
    { id: 'cp_0', passed: true, score: 1, total: 1, span_id: 'span-1' },
    { id: 'cp_1', passed: false, score: 0, total: 1, note: 'flight unchanged', event_index: 3 },
  ],
};

describe('checkpoint results that arrive later', () => {
  it('attaches results by the imported id: the outcome follows them, the run is queued, claimed and diagnosed', async () => {
    const benchmark = `later-${uid()}`;
    const record = unscoredRecord(benchmark);
    const [trajectoryId] = await seedRecords([record]);
    const annotator = await createActor('ANNOTATOR');
    expect((await listQueue(annotator, { benchmark })).items).toEqual([]);

    const res = await post(await researcherToken(), record.trajectory.id, failing);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      trajectoryId,
      externalId: record.trajectory.id,
      checkpoints: [
        { id: 'cp_0', status: 'attached' },
        { id: 'cp_1', status: 'attached' },
      ],
      outcome: { passed: false, score: 0.5 },
      pendingCount: 1,
    });
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
    expect(t).toMatchObject({ passed: false, failedCount: 1, checkpointCount: 2, checkpointsPassed: 1 });
    const results = await prisma.checkpointResult.findMany({
      where: { trajectoryId },
      include: { checkpoint: true },
      orderBy: { checkpoint: { position: 'asc' } },
    });
    // span-1 is the tool call at position 1.
    expect(results.map((r) => [r.checkpoint.key, r.passed, r.eventIndex, r.note])).toEqual([
      ['cp_0', true, 1, null],
      ['cp_1', false, 3, 'flight unchanged'],
    ]);

    const queue = await listQueue(annotator, { benchmark });
    expect(queue.items.map((i) => [i.trajectoryId, i.failedCheckpoints.map((c) => c.key)])).toEqual([
      [trajectoryId, ['cp_1']],
    ]);
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId });
    const category = await prisma.failureCategory.findFirstOrThrow();
    const done = await submitDiagnosis(annotator, { ...completeDiagnosis(results[1].id, category.id), eventEnd: 3 });
    expect(done.pendingCount).toBe(0);
    expect((await listQueue(annotator, { benchmark })).items).toEqual([]);
  });

  it('is idempotent: the same results again change nothing and write no audit entry', async () => {
    const benchmark = `later-${uid()}`;
    const record = unscoredRecord(benchmark);
    const [trajectoryId] = await seedRecords([record]);
    const token = await researcherToken();
    expect((await post(token, trajectoryId, failing)).status).toBe(200);
    const before = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
    const audits = await prisma.auditLog.count({ where: { entityId: trajectoryId } });

    const again = await post(token, trajectoryId, failing);
    expect(again.status).toBe(200);
    expect((await again.json()).checkpoints.map((c: { status: string }) => c.status)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } })).toEqual(before);
    expect(await prisma.checkpointResult.count({ where: { trajectoryId } })).toBe(2);
    expect(await prisma.auditLog.count({ where: { entityId: trajectoryId } })).toBe(audits);
    const cells = await prisma.dashboardCell.aggregate({
      where: { benchmark },
      _sum: { trajectories: true, tasksPassed: true, checkpoints: true, checkpointsPassed: true },
    });
    expect(cells._sum).toEqual({ trajectories: 1, tasksPassed: 0, checkpoints: 2, checkpointsPassed: 1 });
  });

  it('replaces an undiagnosed result (audited) and refuses to change a diagnosed one, naming the diagnosis', async () => {
    const benchmark = `later-${uid()}`;
    const [trajectoryId] = await seedRecords([unscoredRecord(benchmark)]);
    const token = await researcherToken();
    expect((await post(token, trajectoryId, failing)).status).toBe(200);

    // cp_0 has no diagnosis: the evaluator's second opinion replaces it.
    const replaced = await post(token, trajectoryId, { checkpoints: [{ id: 'cp_0', passed: false, note: 'rerun' }] });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({
      checkpoints: [{ id: 'cp_0', status: 'replaced' }],
      outcome: { passed: false, score: 0 },
      pendingCount: 2,
    });
    const audit = await prisma.auditLog.findFirstOrThrow({
      where: { entityId: trajectoryId, action: 'checkpoints.attach' },
      orderBy: { createdAt: 'desc' },
    });
    expect(audit.before).toMatchObject({ checkpoints: { cp_0: { passed: true, eventIndex: 1 } } });
    expect(audit.after).toMatchObject({ checkpoints: { cp_0: { passed: false, note: 'rerun', status: 'replaced' } } });
    expect(audit.apiTokenId).not.toBeNull();

    const annotator = await createActor('ANNOTATOR');
    const cp1 = await prisma.checkpointResult.findFirstOrThrow({
      where: { trajectoryId, checkpoint: { key: 'cp_1' } },
    });
    await claimNext(annotator, { benchmark });
    const category = await prisma.failureCategory.findFirstOrThrow();
    const { diagnosis } = await submitDiagnosis(annotator, { ...completeDiagnosis(cp1.id, category.id), eventEnd: 3 });
    const conflict = await post(token, trajectoryId, {
      checkpoints: [
        { id: 'cp_0', passed: true },
        { id: 'cp_1', passed: true, note: 'evaluator bug fixed' },
      ],
    });
    expect(conflict.status).toBe(409);
    const body = await conflict.json();
    expect(body.error.message).toContain(`diagnosis ${diagnosis.id}`);
    expect(body.error.details).toEqual([
      { path: 'checkpoints.1.id', message: expect.stringContaining('checkpoint "cp_1" is diagnosed') },
    ]);
    // Nothing of the request was written, not even the undiagnosed cp_0.
    const after = await prisma.checkpointResult.findMany({ where: { trajectoryId }, orderBy: { id: 'asc' } });
    expect(after.map((r) => r.passed)).toEqual([false, false]);
    // The same result as stored is still accepted for the diagnosed checkpoint.
    const same = await post(token, trajectoryId, { checkpoints: [{ ...failing.checkpoints[1] }] });
    expect(same.status).toBe(200);
  });

  it('refuses to change a run diagnosed as a whole, naming the diagnosis', async () => {
    const benchmark = `later-${uid()}`;
    const record = unscoredRecord(benchmark);
    const failed = { ...record, trajectory: { ...record.trajectory, outcome: { passed: false } } };
    const [trajectoryId] = await seedRecords([failed]);
    const annotator = await createActor('ANNOTATOR');
    expect(await claimNext(annotator, { benchmark })).toEqual({ trajectoryId });
    const category = await prisma.failureCategory.findFirstOrThrow();
    const { diagnosis } = await submitDiagnosis(annotator, {
      runTrajectoryId: trajectoryId,
      categoryId: category.id,
      eventStart: 1,
      eventEnd: 3,
      whatWentWrong: 'Claimed success without changing anything.',
      whatShouldHaveHappened: 'Change the flight first.',
    });
    const res = await post(await researcherToken(), trajectoryId, failing);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error.message).toContain(`the run is diagnosed as a whole (diagnosis ${diagnosis.id}, submitted)`);
    expect(await prisma.checkpointResult.count({ where: { trajectoryId } })).toBe(0);
  });

  it('keeps a run stopped at its step limit failed when every late result passes, unless the outcome is given', async () => {
    const benchmark = `later-${uid()}`;
    const record = unscoredRecord(benchmark);
    const stopped = {
      ...record,
      trajectory: { ...record.trajectory, outcome: { passed: false, reason: 'max_steps' } },
    };
    const other = unscoredRecord(benchmark);
    const [trajectoryId, finishedId] = await seedRecords([stopped, other]);
    const token = await researcherToken();
    const allPass = {
      checkpoints: [
        { id: 'cp_0', passed: true, score: 1, total: 1 },
        { id: 'cp_1', passed: true, score: 1, total: 1 },
      ],
    };

    const res = await post(token, trajectoryId, allPass);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: { passed: false, score: 1 } });
    const t = await prisma.trajectory.findUniqueOrThrow({ where: { id: trajectoryId } });
    expect(t).toMatchObject({ passed: false, score: 1, outcomeReason: 'max_steps', failedCount: 0 });
    // Queued for a diagnosis of the run as a whole: no check failed, the run did.
    const annotator = await createActor('ANNOTATOR');
    const queued = (await listQueue(annotator, { benchmark })).items;
    expect(queued.map((i) => [i.trajectoryId, i.runLevel != null])).toEqual([[trajectoryId, true]]);
    // A run that finished and passed every check did pass.
    expect(await (await post(token, finishedId, allPass)).json()).toMatchObject({
      outcome: { passed: true, score: 1 },
    });
    // The evaluator's own outcome is its word.
    const given = await post(token, trajectoryId, { ...allPass, outcome: { passed: true, score: 1 } });
    expect(await given.json()).toMatchObject({ outcome: { passed: true, score: 1 } });
  });

  it('answers 404 naming an unknown trajectory, and 422 / 400 naming a bad field', async () => {
    const token = await researcherToken();
    const missing = await post(token, 'no-such-run', failing);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Trajectory no-such-run not found');

    const [trajectoryId] = await seedRecords([unscoredRecord(`later-${uid()}`)]);
    const past = await post(token, trajectoryId, { checkpoints: [{ id: 'cp_0', passed: false, event_index: 9 }] });
    expect(past.status).toBe(422);
    expect((await past.json()).error.details).toEqual([
      { path: 'checkpoints.0.event_index', message: 'event_index 9 is past the last event (3)' },
    ]);
    const unnamed = await post(token, trajectoryId, { checkpoints: [{ id: 'cp_9', passed: false }] });
    expect(unnamed.status).toBe(422);
    expect((await unnamed.json()).error.details[0].path).toBe('checkpoints.0.name');
    const typo = await post(token, trajectoryId, { checkpoints: [{ id: 'cp_0', pased: false }] });
    expect(typo.status).toBe(400);
    expect((await typo.json()).error.details).toEqual(
      expect.arrayContaining([{ path: 'checkpoints.0.pased', message: 'unknown field, not one this request takes' }]),
    );
    expect(await prisma.checkpointResult.count({ where: { trajectoryId } })).toBe(0);

    // A checkpoint the task lacks, with its name, is added to the task.
    const added = await post(token, trajectoryId, {
      checkpoints: [{ id: 'cp_9', name: 'said goodbye', passed: false }],
    });
    expect(added.status).toBe(200);
    const task = await prisma.task.findFirstOrThrow({
      where: { trajectories: { some: { id: trajectoryId } } },
      include: { checkpoints: { orderBy: { position: 'asc' } } },
    });
    expect(task.checkpoints.map((c) => [c.key, c.name, c.position])).toEqual([
      ['cp_0', 'looked up the reservation', 0],
      ['cp_1', 'changed the flight', 1],
      ['cp_9', 'said goodbye', 2],
    ]);
  });

  it('refuses an annotator (no import permission)', async () => {
    const admin = await createActor('ADMIN');
    const { token } = await createApiToken(admin, { name: `ann-${uid()}`, role: 'ANNOTATOR' });
    const [trajectoryId] = await seedRecords([unscoredRecord(`later-${uid()}`)]);
    expect((await post(token, trajectoryId, failing)).status).toBe(403);
  });

  it('imports a checkpoints.v1 file keyed by trajectory id or trace id, reporting each bad line by line and field', async () => {
    const benchmark = `later-${uid()}`;
    const traceA = uid() + uid() + uid() + uid();
    const traceB = uid() + uid() + uid() + uid();
    const byTraceAsId = unscoredRecord(benchmark, { id: traceA });
    const byTraceMeta = unscoredRecord(benchmark, { metadata: { trace_id: traceB } });
    const [a, b] = await seedRecords([byTraceAsId, byTraceMeta]);
    const line = (o: object) => JSON.stringify({ format: 'checkpoints.v1', ...o });
    const file = path.join(tmp, 'results.jsonl');
    writeFileSync(
      file,
      [
        line({ trace_id: traceA, id: 'cp_0', passed: true, score: 1, total: 1 }),
        line({ trace_id: traceA, id: 'cp_1', passed: false, span_id: 'span-3', note: 'not changed' }),
        line({ trajectory_id: b, id: 'cp_1', passed: false }),
        line({ trace_id: traceB, id: 'cp_0', passed: true }),
        line({ trace_id: 'feedfacefeedface', id: 'cp_0', passed: true }),
        line({ trajectory_id: a, id: 'cp_0', passed: 'yes' }),
        '{"format": "checkpoints.v1", "trajectory_id": ',
        line({ trajectory_id: a, id: 'cp_1', passed: false, span_id: 'span-3', note: 'not changed' }),
        line({ trajectory_id: a, id: 'cp_0', passed: true, span_id: 'span-9' }),
        line({ id: 'cp_0', passed: true }),
      ].join('\n') + '\n',
    );
    const report = await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    expect(report).toMatchObject({
      format: 'checkpoints',
      status: 'PARTIAL',
      recordsTotal: 10,
      importedCount: 4,
      presentCount: 1,
      failedCount: 5,
    });
    expect(report.errors.map((e) => [e.file, e.line, e.path, e.reason])).toEqual([
      ['results.jsonl', 5, 'trace_id', 'Trajectory of trace feedfacefeedface not found'],
      ['results.jsonl', 6, 'passed', expect.stringContaining('boolean')],
      ['results.jsonl', 7, null, expect.stringContaining('malformed JSON')],
      ['results.jsonl', 9, 'span_id', 'no event of this trajectory came from span span-9'],
      ['results.jsonl', 10, 'trajectory_id', 'name the trajectory: give trajectory_id or trace_id (one of them)'],
    ]);
    const ta = await prisma.trajectory.findUniqueOrThrow({ where: { id: a } });
    const tb = await prisma.trajectory.findUniqueOrThrow({ where: { id: b } });
    expect([ta.passed, ta.pendingCount, tb.passed, tb.pendingCount]).toEqual([false, 1, false, 1]);
    const cp1 = await prisma.checkpointResult.findFirstOrThrow({
      where: { trajectoryId: a, checkpoint: { key: 'cp_1' } },
    });
    expect(cp1.eventIndex).toBe(3);
    const annotator = await createActor('ANNOTATOR');
    expect((await listQueue(annotator, { benchmark })).items.map((i) => i.trajectoryId).sort()).toEqual([a, b].sort());
  });
});
