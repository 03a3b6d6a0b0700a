import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile } from '@/lib/import/run-import';
import { listTasks, taskFilterOptions, taskListQuerySchema } from '@/lib/tasks/list-tasks';
import { prisma } from '@/lib/db/prisma';
import { EXACT_UP_TO } from '@/lib/live/large-count';
import { createActor, seedTrajectory, uid } from '../../helpers/factories';
import { readStatements } from '../../helpers/read-statements';
import { IMPORT_FIXTURES, readFixture } from '../../helpers/import-files';

const q = (input: Record<string, string> = {}) => taskListQuerySchema.parse(input);

describe('task list', () => {
  it('shows each task with its runs by model, pass/fail per model and the checkpoint pass rate; filters and pages', async () => {
    for (const f of ['native-valid.jsonl', 'tau2-bakery.json'])
      await importFile({ by: { cli: true }, source: 'CLI', filePath: path.join(IMPORT_FIXTURES, f) });
    const annotator = await createActor('ANNOTATOR');

    const shop = await listTasks(annotator, q({ benchmark: 'fixture-shop' }));
    expect(shop.total).toBe(2);
    expect(shop.items.map((t) => t.externalId)).toEqual(['shop/1', 'shop/2']);
    expect(shop.items[0]).toMatchObject({
      ability: 'shop',
      trajectoryCount: 2,
      models: [
        { model: 'heron-large', agent: 'react', passed: 0, failed: 1 },
        { model: 'kestrel-small', agent: 'react', passed: 1, failed: 0 },
      ],
      checkpointsPassed: 3,
      checkpointsTotal: 4,
    });
    expect(shop.items[0].instructionExcerpt).toBe(
      'Return the blue mug from order A17 and refund it to the original card.',
    );

    const bakery = await listTasks(annotator, q({ ability: 'bakery' }));
    expect(bakery.items.map((t) => [t.benchmark, t.externalId, t.trajectoryCount])).toEqual([
      ['tau2-bench', 'bakery/1', 2],
      // sim-c (scored against task 1's actions) is imported too, flagged with a data-quality warning.
      ['tau2-bench', 'bakery/2', 2],
    ]);
    expect(bakery.items[0].models).toEqual([{ model: 'kestrel-small', agent: 'tiny_agent', passed: 1, failed: 1 }]);

    expect((await listTasks(annotator, q({ model: 'heron-large' }))).items.map((t) => t.externalId)).toEqual([
      'shop/1',
    ]);
    const paged = await listTasks(annotator, q({ pageSize: '1', page: '2' }));
    expect(paged).toMatchObject({ total: 4, pageCount: 4, page: 2 });
    expect(paged.items).toHaveLength(1);

    expect(await taskFilterOptions(annotator)).toEqual({
      benchmarks: ['fixture-shop', 'tau2-bench'],
      abilities: ['bakery', 'shop'],
      models: ['heron-large', 'kestrel-small'],
    });
  });

  it("keeps each task's runs exact as trajectories are added, change outcome or results, move to another task and are deleted", async () => {
    const benchmark = `runs-${uid()}`;
    const a = await seedTrajectory({
      benchmark,
      taskExternalId: 'r/1',
      model: 'm-a',
      checkpoints: { c0: true, c1: false },
    });
    const b = await seedTrajectory({
      benchmark,
      taskExternalId: 'r/1',
      model: 'm-a',
      checkpoints: { c0: true, c1: true },
    });
    await seedTrajectory({ benchmark, taskExternalId: 'r/2', model: 'm-b', checkpoints: { c0: false } });
    const actor = await createActor('RESEARCHER');
    const runs = async () =>
      Object.fromEntries(
        (await listTasks(actor, q({ benchmark }))).items.map((t) => [
          t.externalId,
          [t.models, t.checkpointsPassed, t.checkpointsTotal],
        ]),
      );

    expect(await runs()).toEqual({
      'r/1': [[{ model: 'm-a', agent: null, passed: 1, failed: 1 }], 3, 4],
      'r/2': [[{ model: 'm-b', agent: null, passed: 0, failed: 1 }], 0, 1],
    });
    // A checkpoint result turns: the counters (summary recount) and the task's runs follow.
    await prisma.checkpointResult.updateMany({ where: { trajectoryId: a.id, passed: false }, data: { passed: true } });
    await prisma.trajectory.update({ where: { id: a.id }, data: { passed: true, agent: 'react' } });
    expect((await runs())['r/1']).toEqual([
      [
        { model: 'm-a', agent: null, passed: 1, failed: 0 },
        { model: 'm-a', agent: 'react', passed: 1, failed: 0 },
      ],
      4,
      4,
    ]);
    // Moved to the other task, then deleted: both tasks are recounted each time.
    await prisma.trajectory.update({
      where: { id: b.id },
      data: { taskId: (await prisma.task.findFirstOrThrow({ where: { benchmark, externalId: 'r/2' } })).id },
    });
    expect(await runs()).toEqual({
      'r/1': [[{ model: 'm-a', agent: 'react', passed: 1, failed: 0 }], 2, 2],
      'r/2': [
        [
          { model: 'm-a', agent: null, passed: 1, failed: 0 },
          { model: 'm-b', agent: null, passed: 0, failed: 1 },
        ],
        2,
        3,
      ],
    });
    await prisma.trajectory.deleteMany({
      where: { taskId: (await prisma.task.findFirstOrThrow({ where: { benchmark, externalId: 'r/1' } })).id },
    });
    expect((await runs())['r/1']).toEqual([[], 0, 0]);
  });

  it('orders task ids naturally within a benchmark (shop/2 before shop/10)', async () => {
    const line = JSON.parse(
      readFixture('native-valid.jsonl')
        .trim()
        .split('\n')[2]
        .replace(/fixture-shop/g, 'fixture-order'),
    );
    const lines = ['shop/10', 'shop/2', 'shop/1'].map((id) =>
      JSON.stringify({ ...line, task: { ...line.task, id }, trajectory: { ...line.trajectory, id: `order:${id}` } }),
    );
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'task-order-')), 'order.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    const page = await listTasks(await createActor('ANNOTATOR'), q({ benchmark: 'fixture-order' }));
    expect(page.items.map((t) => t.externalId)).toEqual(['shop/1', 'shop/2', 'shop/10']);
  });

  it('finds tasks by part of their id in any case, however short the text, taking % and _ as typed', async () => {
    const benchmark = `search-${uid()}`;
    for (const taskExternalId of ['Shop/1', 'shop/12', 'shop_x/3', 'sh%p/4', 'cart/2']) {
      await seedTrajectory({ benchmark, taskExternalId, model: 'm', checkpoints: { c0: true } });
    }
    const researcher = await createActor('RESEARCHER');
    const found = async (taskId: string) =>
      (await listTasks(researcher, q({ benchmark, taskId }))).items.map((t) => t.externalId);
    // Three characters and more go through the trigram index, shorter texts are tested row by row: the same answers.
    expect(await found('OP/1')).toEqual(['Shop/1', 'shop/12']);
    expect(await found('1')).toEqual(['Shop/1', 'shop/12']);
    expect(await found('_x')).toEqual(['shop_x/3']);
    expect(await found('p_x')).toEqual(['shop_x/3']);
    expect(await found('%p')).toEqual(['sh%p/4']);
    expect(await found('h%p')).toEqual(['sh%p/4']);
    expect(await found('zz')).toEqual([]);
    expect((await listTasks(researcher, q({ benchmark, taskId: 'SHOP' }))).total).toBe(3);
  });

  it('finds the same tasks for a search that many tasks match once its count is known, by walking the list order instead of the trigram index', async () => {
    const benchmark = `many-${uid()}`;
    const ids = [...Array.from({ length: EXACT_UP_TO + 5 }, (_, i) => `wide/${i}`), 'narrow/1'];
    await prisma.task.createMany({
      data: ids.map((externalId) => ({
        benchmark,
        externalId,
        instruction: `Task ${externalId}`,
        apps: [],
        contentHash: uid(),
      })),
    });
    const researcher = await createActor('RESEARCHER');
    const search = async () => {
      let page: Awaited<ReturnType<typeof listTasks>> | undefined;
      const statements = await readStatements(async () => {
        page = await listTasks(researcher, q({ benchmark, taskId: 'IDE/' }));
      });
      return { page: page!, ilike: statements.some((s) => s.includes('ILIKE')) };
    };
    const first = await search();
    expect(first.ilike).toBe(true);
    expect(first.page.total).toBe(EXACT_UP_TO + 5);
    const second = await search();
    expect(second.ilike).toBe(false);
    expect(second.page.items.map((t) => t.externalId)).toEqual(first.page.items.map((t) => t.externalId));
    expect(second.page.total).toBe(EXACT_UP_TO + 5);
    expect(first.page.items.map((t) => t.externalId).slice(0, 3)).toEqual(['wide/0', 'wide/1', 'wide/2']);
  });

  it('is empty, not an error, when nothing matches', async () => {
    const researcher = await createActor('RESEARCHER');
    expect(await listTasks(researcher, q({ benchmark: 'no-such-benchmark' }))).toMatchObject({
      items: [],
      total: 0,
      pageCount: 1,
    });
  });
});
