import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { importFile } from '@/lib/import/run-import';
import { createActor } from '../../helpers/factories';
import { cli, IMPORT_FIXTURES, importFixture, readFixture } from '../../helpers/import-files';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'import-native-'));

describe('native JSONL import', () => {
  it('imports every line with tasks, events, checkpoint results and anchors; unknown fields land in metadata', async () => {
    const report = await importFixture('native-valid.jsonl');
    expect(report).toMatchObject({
      status: 'SUCCEEDED',
      format: 'native',
      recordsTotal: 3,
      importedCount: 3,
      presentCount: 0,
      conflictCount: 0,
      failedCount: 0,
      errorCount: 0,
    });

    const task = await prisma.task.findUniqueOrThrow({
      where: { benchmark_externalId: { benchmark: 'fixture-shop', externalId: 'shop/1' } },
      include: { checkpoints: { orderBy: { position: 'asc' } }, trajectories: { orderBy: { model: 'asc' } } },
    });
    expect(task.checkpoints.map((c) => c.key)).toEqual(['1_0', '1_1']);
    expect(task.trajectories.map((t) => [t.model, t.passed, t.failedCount, t.pendingCount, t.importJobId])).toEqual([
      ['heron-large', false, 1, 1, report.id],
      ['kestrel-small', true, 0, 0, report.id],
    ]);
    // Each trajectory carries its task's queue fields (queue_task_fields migration's trigger, on the import's bulk insert too).
    expect(task.trajectories.map((t) => [t.benchmark, t.ability, t.taskExternalId, t.instructionExcerpt])).toEqual(
      task.trajectories.map(() => ['fixture-shop', task.ability, 'shop/1', task.instruction]),
    );
    const kestrel = task.trajectories[1];
    expect(kestrel.metadata).toEqual({ ticket: 'T-1' });
    const events = await prisma.event.findMany({ where: { trajectoryId: kestrel.id }, orderBy: { position: 'asc' } });
    expect(events.map((e) => `${e.position}:${e.source}:${e.type}:${e.tool ?? ''}`)).toEqual([
      '0:USER:MESSAGE:',
      '1:AGENT:TOOL_CALL:shop.get_order',
      '2:ENVIRONMENT:OBSERVATION:shop.get_order',
      '3:AGENT:TOOL_CALL:shop.return_item',
      '4:ENVIRONMENT:OBSERVATION:shop.return_item',
      '5:AGENT:FINAL:',
    ]);
    expect(events[3].arguments).toEqual({ order_id: 'A17', item: 'blue mug', refund_to: 'card_9' });
    expect(events[5].metadata).toEqual({ latency_ms: 812 });
    const results = await prisma.checkpointResult.findMany({
      where: { trajectoryId: task.trajectories[0].id },
      include: { checkpoint: true },
      orderBy: { checkpoint: { position: 'asc' } },
    });
    expect(results.map((r) => [r.checkpoint.key, r.passed, r.eventIndex, r.note])).toEqual([
      ['1_0', true, 1, null],
      ['1_1', false, 3, 'returned the plate, refunded to a gift card'],
    ]);
  });

  it('re-importing the same file changes nothing and reports every record as already present', async () => {
    const file = path.join(IMPORT_FIXTURES, 'native-valid.jsonl');
    await importFile({ ...cli, filePath: file });
    const before = {
      t: await prisma.trajectory.count(),
      e: await prisma.event.count(),
      c: await prisma.checkpointResult.count(),
    };
    const again = await importFile({ ...cli, filePath: file });
    expect(again).toMatchObject({
      status: 'SUCCEEDED',
      recordsTotal: 3,
      importedCount: 0,
      presentCount: 3,
      conflictCount: 0,
    });
    expect({
      t: await prisma.trajectory.count(),
      e: await prisma.event.count(),
      c: await prisma.checkpointResult.count(),
    }).toEqual(before);
  });

  it('reports a changed record with an existing id as a conflict and keeps the stored version', async () => {
    const file = path.join(IMPORT_FIXTURES, 'native-valid.jsonl');
    await importFile({ ...cli, filePath: file });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const changed = JSON.parse(lines[1]);
    changed.trajectory.outcome = { passed: true, score: 1 };
    const changedTask = JSON.parse(lines[2]);
    changedTask.task.instruction = 'A different instruction for the same task id.';
    changedTask.trajectory.id = 'fixture-shop:2:other';
    const edited = path.join(tmp, 'edited.jsonl');
    writeFileSync(edited, [lines[0], JSON.stringify(changed), JSON.stringify(changedTask)].join('\n') + '\n');

    const report = await importFile({ ...cli, filePath: edited });
    expect(report).toMatchObject({ status: 'PARTIAL', presentCount: 1, conflictCount: 2, importedCount: 0 });
    expect(report.errors.map((e) => [e.kind, e.line, e.path])).toEqual([
      ['CONFLICT', 2, 'trajectory.id'],
      ['CONFLICT', 3, 'task'],
    ]);
    expect(report.errors[0].reason).toContain('fixture-shop:1:heron-large is already imported with different content');
    const stored = await prisma.trajectory.findUniqueOrThrow({ where: { externalId: 'fixture-shop:1:heron-large' } });
    expect(stored.passed).toBe(false);
    expect(await prisma.trajectory.findUnique({ where: { externalId: 'fixture-shop:2:other' } })).toBeNull();
  });

  it('keeps every valid line of a file with malformed lines and reports each bad line with its field path', async () => {
    const report = await importFixture('native-malformed.jsonl');
    expect(report).toMatchObject({
      status: 'PARTIAL',
      recordsTotal: 6,
      importedCount: 2,
      failedCount: 4,
      fileName: 'native-malformed.jsonl',
    });
    const byLine = Object.fromEntries(report.errors.map((e) => [e.line, `${e.path ?? ''} | ${e.reason}`]));
    expect(Object.keys(byLine).map(Number).sort()).toEqual([2, 3, 6, 7]);
    expect(byLine[2]).toMatch(/^ \| malformed JSON/);
    expect(byLine[3]).toMatch(/^trajectory\.model \|/);
    expect(byLine[6]).toMatch(/^checkpoints\.0\.id \| unknown checkpoint id "1_9"/);
    expect(byLine[7]).toMatch(/^events\.0\.source \| a tool_call comes from the agent or the user, not environment/);
    expect(report.errors.every((e) => e.file === 'native-malformed.jsonl' && e.kind === 'INVALID')).toBe(true);
    const models = (
      await prisma.trajectory.findMany({ where: { task: { benchmark: 'fixture-mail' } }, select: { model: true } })
    )
      .map((t) => t.model)
      .sort();
    expect(models).toEqual(['heron-large', 'kestrel-small']);
  });

  it('imports the complete lines of a truncated file and says the last line looks cut off', async () => {
    const report = await importFixture('native-truncated.jsonl');
    expect(report).toMatchObject({ status: 'PARTIAL', importedCount: 1, failedCount: 1 });
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ line: 2, kind: 'INVALID' });
    expect(report.errors[0].reason).toMatch(/malformed JSON.*truncated/);
  });

  it('writes a trajectory whole or not at all when the database refuses it, and keeps the rest of the batch', async () => {
    const lines = readFixture('native-valid.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l.replace(/fixture-shop/g, 'fixture-db')));
    // Valid for the schema, refused by PostgreSQL: the trial does not fit the int4 column.
    lines[1].trajectory.trial = 3_000_000_000;
    const file = path.join(tmp, 'db-refuses.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const report = await importFile({ ...cli, filePath: file });
    expect(report).toMatchObject({ status: 'PARTIAL', importedCount: 2, failedCount: 1 });
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ line: 2, path: 'trajectory', kind: 'INVALID' });
    expect(report.errors[0].reason).toMatch(/^the database refused this record/);
    const stored = await prisma.trajectory.findMany({
      where: { task: { benchmark: 'fixture-db' } },
      include: { _count: { select: { events: true } } },
    });
    expect(stored.map((t) => t.externalId).sort()).toEqual([
      'fixture-db:1:kestrel-small',
      'fixture-db:2:kestrel-small',
    ]);
    for (const t of stored) expect(t._count.events).toBe(t.eventCount);
  });

  it('reports a repeated checkpoint id (task definition or results) at its field path and keeps the other lines', async () => {
    const lines = readFixture('native-valid.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l.replace(/fixture-shop/g, 'fixture-dup')));
    // Line 1: the task defines "1_0" twice. Line 2: two results for "1_1". Line 3 is valid.
    lines[0].task.id = 'shop/dup';
    lines[0].task.checkpoints.push({ id: '1_0', name: 'shop.get_order again' });
    lines[1].checkpoints.push({ id: '1_1', passed: true });
    const file = path.join(tmp, 'duplicate-checkpoints.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

    const report = await importFile({ ...cli, filePath: file });
    expect(report).toMatchObject({ status: 'PARTIAL', recordsTotal: 3, importedCount: 1, failedCount: 2 });
    expect(report.errors.map((e) => [e.line, e.path, e.kind])).toEqual([
      [1, 'task.checkpoints.2.id', 'INVALID'],
      [2, 'checkpoints.2.id', 'INVALID'],
    ]);
    expect(report.errors[0].reason).toMatch(/checkpoint id "1_0" is defined twice/);
    expect(report.errors[1].reason).toMatch(/a second result for checkpoint "1_1"/);
    expect(await prisma.trajectory.count({ where: { task: { benchmark: 'fixture-dup' } } })).toBe(1);
  });

  it('keeps writing live counts through a long run of bad lines, so the job does not look stalled', async () => {
    const file = path.join(tmp, 'all-bad.jsonl');
    writeFileSync(
      file,
      Array.from({ length: 1000 }, (_, i) => `{"format":"trajectory.v1","broken":${i}`).join('\n') + '\n',
    );
    const seen: number[] = [];
    const report = await importFile({ ...cli, filePath: file, onProgress: (p) => seen.push(p.records) });
    expect(report).toMatchObject({ status: 'FAILED', recordsTotal: 1000, failedCount: 1000, errorCount: 1000 });
    // Progress (and the job's counts, which keep it from looking interrupted) arrive while the file is read, not only at the end.
    expect(seen.filter((n) => n < 1000).length).toBeGreaterThanOrEqual(3);
  });

  it('keeps records whose tool arguments hold a broken emoji (lone surrogate) or whose call id and agent hold NUL, storing U+FFFD in their place', async () => {
    const lines = readFixture('native-valid.jsonl')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l.replace(/fixture-shop/g, 'fixture-odd')));
    // A model's output cut in the middle of an emoji leaves half a surrogate pair; tool output can carry NUL bytes.
    lines[0].events[1].arguments.note = 'thanks \ud83d';
    lines[0].events[1].metadata = { raw: 'C:\\ud83d is a path, not an escape' };
    lines[1].events[1].call_id = 'c\u00001';
    lines[1].trajectory.agent = 'react\u0000v2';
    const file = path.join(tmp, 'odd-text.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');

    const report = await importFile({ ...cli, filePath: file });
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ status: 'SUCCEEDED', importedCount: 3 });
    const first = await prisma.trajectory.findUniqueOrThrow({
      where: { externalId: 'fixture-odd:1:kestrel-small' },
      include: { events: { orderBy: { position: 'asc' } } },
    });
    expect(first.events[1].arguments).toMatchObject({ note: 'thanks \uFFFD' });
    expect(first.events[1].metadata).toEqual({ raw: 'C:\\ud83d is a path, not an escape' });
    const second = await prisma.trajectory.findUniqueOrThrow({
      where: { externalId: 'fixture-odd:1:heron-large' },
      include: { events: { orderBy: { position: 'asc' } } },
    });
    expect(second.agent).toBe('react\uFFFDv2');
    expect(second.events[1].callId).toBe('c\uFFFD1');

    const again = await importFile({ ...cli, filePath: file });
    expect(again).toMatchObject({ presentCount: 3, conflictCount: 0, failedCount: 0 });
  });

  it('refuses an annotator before reading the file', async () => {
    const annotator = await createActor('ANNOTATOR');
    await expect(
      importFile({
        by: { actor: annotator },
        source: 'UPLOAD',
        filePath: path.join(IMPORT_FIXTURES, 'native-valid.jsonl'),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
