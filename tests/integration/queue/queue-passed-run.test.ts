import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueueTable } from '@/components/queue/queue-table';
import { listQueue } from '@/lib/queue/list-queue';
import { createActor, uid } from '../../helpers/factories';
import { failedRecord, seedRecords } from '../../helpers/failed-trajectories';

describe('a queue item whose run passed but failed a checkpoint', () => {
  it('carries the run\'s outcome, and its row says "run passed" (only on that row)', async () => {
    const benchmark = `passed-run-${uid()}`;
    // τ²-bench scores reward on the database alone: a run can pass with an action check failed.
    const passedRun = failedRecord({ benchmark, model: 'model-pass', failed: 1, passed: 2 });
    passedRun.trajectory.outcome = { passed: true, score: 1 };
    const [passedId, failedId] = await seedRecords([passedRun, failedRecord({ benchmark, model: 'model-fail' })]);
    const actor = await createActor('ANNOTATOR');
    const { items } = await listQueue(actor, { benchmark });
    expect(items.map((i) => [i.trajectoryId, i.passed, i.pendingCount])).toEqual([
      [passedId, true, 1],
      [failedId, false, 1],
    ]);

    const table = createElement(QueueTable, {
      items,
      isAdmin: false,
      meId: actor.userId,
      annotators: [],
      filterQuery: '',
      onChanged: () => {},
    });
    const html = renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, table));
    const row = (id: string) => html.slice(html.indexOf(`data-testid="queue-row-${id}"`)).split('</tr>')[0];
    expect(row(passedId)).toContain('run passed');
    expect(row(failedId)).not.toContain('run passed');
  });
});
