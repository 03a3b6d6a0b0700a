import { describe, expect, it } from 'vitest';
import { recurationOutcome } from '@/lib/review/recuration-outcome';

const run = (status: string, error: string | null = null) => ({ runId: 'run1', status, error });

describe('what the stale proposal’s page says after "re-curate"', () => {
  it('follows a queued or running run', () => {
    expect(recurationOutcome({ status: 'PENDING', recuration: run('QUEUED'), recuratedInto: [] })).toEqual({
      kind: 'running',
      runId: 'run1',
      status: 'QUEUED',
    });
  });

  it('links the new proposal once the run superseded this one', () => {
    expect(
      recurationOutcome({
        status: 'SUPERSEDED',
        recuration: run('SUCCEEDED'),
        recuratedInto: [{ id: 'p2', status: 'PENDING' }],
      }),
    ).toEqual({ kind: 'replaced', runId: 'run1', proposalId: 'p2', status: 'PENDING' });
  });

  it('says so when the curator made a no-op, or nothing at all', () => {
    expect(
      recurationOutcome({
        status: 'SUPERSEDED',
        recuration: run('SUCCEEDED'),
        recuratedInto: [{ id: 'p2', status: 'NOOP' }],
      }),
    ).toMatchObject({ kind: 'noop', proposalId: 'p2' });
    expect(recurationOutcome({ status: 'SUPERSEDED', recuration: run('SUCCEEDED'), recuratedInto: [] })).toMatchObject({
      kind: 'nothing',
    });
  });

  it('reports a failed run on a proposal that is still pending, with its error', () => {
    expect(
      recurationOutcome({ status: 'PENDING', recuration: run('FAILED', 'LLM timeout'), recuratedInto: [] }),
    ).toEqual({ kind: 'failed', runId: 'run1', error: 'LLM timeout' });
  });

  it('says nothing when there was no re-curation, or a reviewer decided the proposal first', () => {
    expect(recurationOutcome({ status: 'PENDING', recuration: null, recuratedInto: [] })).toBeNull();
    expect(recurationOutcome({ status: 'REJECTED', recuration: run('SUCCEEDED'), recuratedInto: [] })).toBeNull();
  });
});
