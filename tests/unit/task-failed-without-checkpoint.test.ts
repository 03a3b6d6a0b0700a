import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TaskContrastHeader } from '@/components/contrast/task-contrast-header';
import type { ContrastGridCell, ContrastTrajectory, TaskContrast } from '@/lib/contrast/load-task-contrast';

const task: TaskContrast['task'] = {
  id: 'task1',
  benchmark: 'tau-bench',
  externalId: 'airline/2',
  ability: 'airline',
  apps: ['airline'],
  instruction: 'Book a flight.',
};
const run = (id: string, passed: boolean, trial: number): ContrastTrajectory => ({
  id,
  externalId: id,
  model: 'gpt-4o',
  agent: null,
  trial,
  passed,
  score: passed ? 1 : 0,
  eventCount: 10,
  toolCallCount: 3,
});
const cell = (passed: boolean): ContrastGridCell => ({
  checkpointResultId: `r-${Math.random()}`,
  passed,
  score: null,
  total: null,
  note: null,
  eventIndex: null,
  diagnoses: [],
});
const html = (trajectories: ContrastTrajectory[], grid: (ContrastGridCell | null)[][]) =>
  renderToStaticMarkup(createElement(TaskContrastHeader, { task, trajectories, grid }));

describe('the task page and failed runs with no failed checkpoint', () => {
  it('names each failed run whose checkpoint results all passed or are missing, linked, and says they are in the queue as run-level items', () => {
    const out = html(
      [
        run('t-failed-cp', false, 0),
        run('t-all-passed', false, 1),
        run('t-passed', true, 2),
        run('t-no-results', false, 3),
      ],
      [
        [cell(false), cell(true)],
        [cell(true), null],
        [cell(true), cell(true)],
        [null, null],
      ],
    );
    expect(out).toContain(
      '2 failed runs have no failed checkpoint result, so they are in the queue as run-level items, diagnosed as a whole',
    );
    expect(out).not.toContain('not in the queue');
    expect(out).toContain('Compare them with the other attempts below.');
    const linked = [...out.matchAll(/href="\/trajectories\/([^"]+)"/g)].map((m) => m[1]);
    expect(linked).toEqual(['t-all-passed', 't-no-results']);
  });

  it('says nothing when every failed run has a failed checkpoint', () => {
    expect(html([run('t-failed-cp', false, 0), run('t-passed', true, 1)], [[cell(false)], [cell(true)]])).not.toContain(
      'failed-without-checkpoint',
    );
  });
});
