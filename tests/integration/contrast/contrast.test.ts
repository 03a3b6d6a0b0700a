import { describe, expect, it } from 'vitest';
import { prisma } from '@/lib/db/prisma';
import { loadTaskContrast } from '@/lib/contrast/load-task-contrast';
import { MAX_ALIGNED_STEPS } from '@/lib/contrast/align-tool-calls';
import { nativeRecordSchema } from '@/lib/import/native-schema';
import { writeNativeRecord } from '@/lib/import/write-record';
import { DEMO_TASKS } from '@/lib/seed/demo-world';
import { createActor, demoRecord, seedDemoTask, uid } from '../../helpers/factories';
import { writeDiagnosis } from '../../helpers/written-diagnosis';

const MAIL1 = DEMO_TASKS.find((t) => t.externalId === 'mail/1')!;

async function failedResult(trajectoryId: string, checkpointKey: string) {
  return prisma.checkpointResult.findFirstOrThrow({
    where: { trajectoryId, passed: false, checkpoint: { key: checkpointKey } },
  });
}

const diagnose = (opts: {
  authorId: string;
  trajectoryId: string;
  checkpointKey: string;
  text: string;
  status?: 'DRAFT' | 'SUBMITTED';
}) =>
  writeDiagnosis({
    trajectoryId: opts.trajectoryId,
    authorId: opts.authorId,
    at: { key: opts.checkpointKey, passed: false },
    category: 'incomplete-enumeration',
    fields: {
      whatWentWrong: opts.text,
      whatShouldHaveHappened: 'Read every page.',
      status: opts.status ?? 'SUBMITTED',
      submittedAt: opts.status === 'DRAFT' ? null : new Date(),
    },
  });

describe('task contrast', () => {
  it('aligns every run of the task and highlights where the failing runs leave the passing one', async () => {
    const { taskId, trajectories } = await seedDemoTask(MAIL1);
    const view = await loadTaskContrast(await createActor('ANNOTATOR'), taskId);

    expect(view.task).toMatchObject({ id: taskId, externalId: 'mail/1', ability: 'mail', apps: ['mail', 'contacts'] });
    expect(view.trajectories.map((t) => [t.model, t.passed])).toEqual([
      ['orbit-large-2', true],
      ['quill-medium', false],
      ['vector-mini', false],
    ]);
    expect(view.trajectories.map((t) => t.toolCallCount)).toEqual([6, 3, 6]);
    const col = (model: string) => view.trajectories.findIndex((t) => t.id === trajectories[model]);

    // The passing run's six calls, one per row; quill skipped page 2 of the search (a gap).
    expect(view.steps.map((r) => r[col('orbit-large-2')]?.tool)).toEqual([
      'mail.list_folders',
      'mail.search_messages',
      'mail.search_messages',
      'mail.read_message',
      'contacts.find_contact',
      'mail.send_message',
    ]);
    expect(view.steps[2][col('quill-medium')]).toBeNull();
    expect(view.steps[2][col('orbit-large-2')]).toMatchObject({
      args: 'folder=INBOX, page=2, query=office move, unread=true',
      index: 2,
    });
    expect(view.divergence).toMatchObject({ mode: 'pass-vs-fail', row: 2, differing: [trajectories['quill-medium']] });
    // vector-mini went wrong only at the end: a new message instead of a reply.
    expect(view.divergence.perRun[trajectories['vector-mini']]).toBe(5);
    expect(view.steps[5][col('vector-mini')]).toMatchObject({
      tool: 'mail.send_message',
      args: 'body=Confirmed., to=facilities@demo.invalid',
    });
    // Event positions point back into each trajectory.
    const event = await prisma.event.findUniqueOrThrow({
      where: {
        trajectoryId_position: {
          trajectoryId: trajectories['vector-mini'],
          position: view.steps[5][col('vector-mini')]!.position,
        },
      },
    });
    expect(event).toMatchObject({ type: 'TOOL_CALL', tool: 'mail.send_message' });
    expect(view.truncated).toEqual([]);
  });

  it('builds the checkpoint grid: trajectories × checkpoints with pass/fail and evaluator notes', async () => {
    const { taskId, trajectories } = await seedDemoTask(MAIL1);
    const view = await loadTaskContrast(await createActor('REVIEWER'), taskId);
    expect(view.checkpoints.map((c) => c.name)).toEqual(['search_all_pages', 'read_newest', 'reply_confirm']);
    const row = (model: string) => view.grid[view.trajectories.findIndex((t) => t.id === trajectories[model])];
    expect(row('orbit-large-2').map((c) => c?.passed)).toEqual([true, true, true]);
    expect(row('quill-medium').map((c) => c?.passed)).toEqual([false, false, false]);
    expect(row('vector-mini').map((c) => c?.passed)).toEqual([true, true, false]);
    expect(row('quill-medium')[0]?.note).toMatch(/Only page 1/);
    const stored = await failedResult(trajectories['quill-medium'], 'mail1_search');
    expect(row('quill-medium')[0]?.checkpointResultId).toBe(stored.id);
  });

  it('shows reviewers every submitted diagnosis, annotators only their own, and nobody the drafts', async () => {
    const { taskId, trajectories } = await seedDemoTask(MAIL1);
    const ana = await createActor('ANNOTATOR');
    const ari = await createActor('ANNOTATOR');
    const reviewer = await createActor('REVIEWER');
    await diagnose({
      authorId: ana.userId,
      trajectoryId: trajectories['quill-medium'],
      checkpointKey: 'mail1_search',
      text: 'Ana: stopped after page 1.',
    });
    await diagnose({
      authorId: ari.userId,
      trajectoryId: trajectories['quill-medium'],
      checkpointKey: 'mail1_search',
      text: 'Ari: never paged.',
    });
    await diagnose({
      authorId: ari.userId,
      trajectoryId: trajectories['vector-mini'],
      checkpointKey: 'mail1_reply',
      text: 'Ari draft',
      status: 'DRAFT',
    });

    const texts = (view: Awaited<ReturnType<typeof loadTaskContrast>>) =>
      view.grid.flatMap((row) => row.flatMap((c) => c?.diagnoses.map((d) => d.whatWentWrong) ?? [])).sort();

    const all = await loadTaskContrast(reviewer, taskId);
    expect(all.diagnosesScope).toBe('all');
    expect(texts(all)).toEqual(['Ana: stopped after page 1.', 'Ari: never paged.']);
    const first = all.grid
      .flatMap((r) => r.flatMap((c) => c?.diagnoses ?? []))
      .find((d) => d.whatWentWrong.startsWith('Ana'))!;
    expect(first).toMatchObject({
      category: { key: 'incomplete-enumeration', label: 'Incomplete enumeration / pagination' },
      own: false,
    });

    const own = await loadTaskContrast(ana, taskId);
    expect(own.diagnosesScope).toBe('own');
    expect(texts(own)).toEqual(['Ana: stopped after page 1.']);
    expect(texts(await loadTaskContrast(ari, taskId))).toEqual(['Ari: never paged.']);
  });

  it('says when every run failed and points at the first step where they disagree', async () => {
    const travel3 = DEMO_TASKS.find((t) => t.externalId === 'travel/3')!;
    const { taskId, trajectories } = await seedDemoTask(travel3);
    const view = await loadTaskContrast(await createActor('RESEARCHER'), taskId);
    expect(view.trajectories.every((t) => !t.passed)).toBe(true);
    expect(view.divergence.mode).toBe('all-failed');
    expect(view.divergence.message).toMatch(/Every run failed/);
    // quill-medium skipped the quote that the other two made.
    expect(view.divergence.differing).toEqual([trajectories['quill-medium']]);
    expect(view.steps[view.divergence.row!].find(Boolean)?.tool).toBe('flights.quote_bags');
  });

  it('caps very long runs for the alignment and reports how many calls were left out', async () => {
    const benchmark = `bench-${uid()}`;
    const base = demoRecord({ benchmark, task: MAIL1, attempt: 0 });
    const calls = MAX_ALIGNED_STEPS + 7;
    const events = Array.from({ length: calls }, (_, i) => ({
      source: 'agent' as const,
      type: 'tool_call' as const,
      tool: 'mail.read_message',
      arguments: { message_id: `m-${i}` },
      call_id: `c${i}`,
    }));
    const long = { ...base, trajectory: { ...base.trajectory, id: `${benchmark}:long` }, events, checkpoints: [] };
    const short = demoRecord({ benchmark, task: MAIL1, attempt: 1 });
    let taskId = '';
    let longId = '';
    await prisma.$transaction(async (tx) => {
      const a = await writeNativeRecord(tx, nativeRecordSchema.parse(long));
      const b = await writeNativeRecord(tx, nativeRecordSchema.parse(short));
      if (a.status !== 'imported' || b.status !== 'imported') throw new Error('seed failed');
      taskId = a.taskId;
      longId = a.trajectoryId;
    });
    const view = await loadTaskContrast(await createActor('ADMIN'), taskId);
    expect(view.truncated).toEqual([{ trajectoryId: longId, kept: MAX_ALIGNED_STEPS, total: calls }]);
    expect(view.trajectories.find((t) => t.id === longId)?.toolCallCount).toBe(calls);
    expect(view.steps.filter((r) => r[view.trajectories.findIndex((t) => t.id === longId)] !== null)).toHaveLength(
      MAX_ALIGNED_STEPS,
    );
  });

  it('refuses an unknown or malformed task id with a clear error', async () => {
    const actor = await createActor('REVIEWER');
    await expect(loadTaskContrast(actor, 'no-such-task')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Task no-such-task not found',
    });
    await expect(loadTaskContrast(actor, ' ')).rejects.toThrow(/task id is required/);
  });
});
