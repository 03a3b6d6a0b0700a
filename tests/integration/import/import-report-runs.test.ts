import { describe, expect, it, vi } from 'vitest';
import { GET as importReportRoute } from '@/app/api/imports/[id]/route';
import { POST as importRoute } from '@/app/api/imports/route';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../../helpers/call-route';
import { createActor, uid } from '../../helpers/factories';

vi.mock('next/headers', () => import('../../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/** One native line: a run of task t/1 with one checkpoint result (or none) and an outcome. */
function line(benchmark: string, run: string, passed: boolean, checkpoint: boolean | null): string {
  return JSON.stringify({
    format: 'trajectory.v1',
    task: {
      id: 't/1',
      benchmark,
      instruction: 'Change the flight.',
      checkpoints: [{ id: 'c0', name: 'app.update_flight' }],
    },
    trajectory: { id: `${benchmark}:${run}`, model: run, outcome: { passed, score: passed ? 1 : 0 } },
    events: [{ source: 'agent', type: 'message', content: 'Done.' }],
    checkpoints: checkpoint == null ? [] : [{ id: 'c0', passed: checkpoint }],
  });
}

async function importLines(lines: string[]) {
  const { token } = await createApiToken(await createActor('ADMIN'), {
    name: `report-runs-${uid()}`,
    role: 'RESEARCHER',
  });
  const res = await callRoute(importRoute, `/api/imports?fileName=runs.jsonl&format=native`, {
    token,
    body: lines.join('\n'),
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(res.status).toBe(200);
  return { token, report: (await res.json()).reports[0] };
}

describe('an import with failed runs that have no failed checkpoint', () => {
  it('counts them in the report (they reach the queue as run-level items), and only them', async () => {
    const benchmark = `no-failed-cp-${uid()}`;
    const { token, report } = await importLines([
      line(benchmark, 'failed-with-failed-checkpoint', false, false),
      line(benchmark, 'failed-all-passed', false, true),
      line(benchmark, 'failed-no-result', false, null),
      line(benchmark, 'passed', true, true),
    ]);
    expect({
      imported: report.importedCount,
      failedWithoutFailedCheckpoint: report.failedWithoutFailedCheckpoint,
    }).toEqual({ imported: 4, failedWithoutFailedCheckpoint: 2 });

    const again = await callRoute(importReportRoute, `/api/imports/${report.id}`, { token, params: { id: report.id } });
    expect((await again.json()).failedWithoutFailedCheckpoint).toBe(2);
  });
});

describe('an import report', () => {
  it('names the models it wrote runs of, most runs first, with how many passed', async () => {
    const benchmark = `report-models-${uid()}`;
    const { report } = await importLines([
      line(benchmark, 'model-b', true, true),
      line(`${benchmark}-2`, 'model-a', false, false),
      line(`${benchmark}-3`, 'model-a', true, true),
    ]);
    expect(report.models).toEqual([
      { model: 'model-a', agent: null, runs: 2, passed: 1 },
      { model: 'model-b', agent: null, runs: 1, passed: 1 },
    ]);
  });
});
