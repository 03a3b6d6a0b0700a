import { describe, expect, it, vi } from 'vitest';
import { GET as importReportRoute } from '@/app/api/imports/[id]/route';
import { POST as importRoute } from '@/app/api/imports/route';
import { createApiToken } from '@/lib/users/api-tokens';
import { callRoute } from '../helpers/call-route';
import { createActor, uid } from '../helpers/factories';

vi.mock('next/headers', () => import('../helpers/next-headers-mock').then((m) => m.nextHeadersFromTestRequest()));

/** One native line: a run of task t/1 with one checkpoint result (or none) and an outcome. */
function line(benchmark: string, run: string, passed: boolean, checkpoint: boolean | null): string {
  return JSON.stringify({
    format: 'trajectory.v1',
    task: { id: 't/1', benchmark, instruction: 'Change the flight.', checkpoints: [{ id: 'c0', name: 'app.update_flight' }] },
    trajectory: { id: `${benchmark}:${run}`, model: run, outcome: { passed, score: passed ? 1 : 0 } },
    events: [{ source: 'agent', type: 'message', content: 'Done.' }],
    checkpoints: checkpoint == null ? [] : [{ id: 'c0', passed: checkpoint }],
  });
}

describe('an import with failed runs that have no failed checkpoint', () => {
  it('counts them in the report (they never reach the queue), and only them', async () => {
    const benchmark = `no-failed-cp-${uid()}`;
    const { token } = await createApiToken(await createActor('ADMIN'), { name: 'no-failed-cp', role: 'RESEARCHER' });
    const body = [
      line(benchmark, 'failed-with-failed-checkpoint', false, false),
      line(benchmark, 'failed-all-passed', false, true),
      line(benchmark, 'failed-no-result', false, null),
      line(benchmark, 'passed', true, true),
    ].join('\n');
    const res = await callRoute(importRoute, `/api/imports?fileName=runs.jsonl&format=native`, { token, body, headers: { 'content-type': 'application/octet-stream' } });
    expect(res.status).toBe(200);
    const [report] = (await res.json()).reports;
    expect({ imported: report.importedCount, failedWithoutFailedCheckpoint: report.failedWithoutFailedCheckpoint }).toEqual({ imported: 4, failedWithoutFailedCheckpoint: 2 });

    const again = await callRoute(importReportRoute, `/api/imports/${report.id}`, { token, params: { id: report.id } });
    expect((await again.json()).failedWithoutFailedCheckpoint).toBe(2);
  });
});
