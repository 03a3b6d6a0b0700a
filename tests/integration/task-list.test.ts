import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile } from '@/lib/import/run-import';
import { listTasks, taskFilterOptions, taskListQuerySchema } from '@/lib/tasks/list-tasks';
import { createActor } from '../helpers/factories';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const q = (input: Record<string, string> = {}) => taskListQuerySchema.parse(input);

describe('task list', () => {
  it('shows each task with its runs by model, pass/fail per model and the checkpoint pass rate; filters and pages', async () => {
    for (const f of ['native-valid.jsonl', 'tau2-bakery.json']) await importFile({ by: { cli: true }, source: 'CLI', filePath: path.join(FIXTURES, f) });
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
    expect(shop.items[0].instructionExcerpt).toBe('Return the blue mug from order A17 and refund it to the original card.');

    const bakery = await listTasks(annotator, q({ ability: 'bakery' }));
    expect(bakery.items.map((t) => [t.benchmark, t.externalId, t.trajectoryCount])).toEqual([
      ['tau2-bench', 'bakery/1', 2],
      // sim-c (scored against task 1's actions) is imported too, flagged with a data-quality warning.
      ['tau2-bench', 'bakery/2', 2],
    ]);
    expect(bakery.items[0].models).toEqual([{ model: 'kestrel-small', agent: 'tiny_agent', passed: 1, failed: 1 }]);

    expect((await listTasks(annotator, q({ model: 'heron-large' }))).items.map((t) => t.externalId)).toEqual(['shop/1']);
    const paged = await listTasks(annotator, q({ pageSize: '1', page: '2' }));
    expect(paged).toMatchObject({ total: 4, pageCount: 4, page: 2 });
    expect(paged.items).toHaveLength(1);

    expect(await taskFilterOptions(annotator)).toEqual({
      benchmarks: ['fixture-shop', 'tau2-bench'],
      abilities: ['bakery', 'shop'],
      models: ['heron-large', 'kestrel-small'],
    });
  });

  it('orders task ids naturally within a benchmark (shop/2 before shop/10)', async () => {
    const line = JSON.parse(readFileSync(path.join(FIXTURES, 'native-valid.jsonl'), 'utf8').trim().split('\n')[2].replace(/fixture-shop/g, 'fixture-order'));
    const lines = ['shop/10', 'shop/2', 'shop/1'].map((id) => JSON.stringify({ ...line, task: { ...line.task, id }, trajectory: { ...line.trajectory, id: `order:${id}` } }));
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'task-order-')), 'order.jsonl');
    writeFileSync(file, lines.join('\n') + '\n');
    await importFile({ by: { cli: true }, source: 'CLI', filePath: file });
    const page = await listTasks(await createActor('ANNOTATOR'), q({ benchmark: 'fixture-order' }));
    expect(page.items.map((t) => t.externalId)).toEqual(['shop/1', 'shop/2', 'shop/10']);
  });

  it('is empty, not an error, when nothing matches', async () => {
    const researcher = await createActor('RESEARCHER');
    expect(await listTasks(researcher, q({ benchmark: 'no-such-benchmark' }))).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });
});
