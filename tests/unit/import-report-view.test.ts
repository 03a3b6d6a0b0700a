import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportReportView } from '@/components/imports/import-report-view';
import type { ImportReport } from '@/lib/import/import-jobs';

const report = (over: Partial<ImportReport>): ImportReport => ({
  id: 'imp1',
  status: 'PARTIAL',
  format: 'native',
  source: 'CLI',
  fileName: 'runs.jsonl',
  createdBy: null,
  recordsTotal: 1300,
  importedCount: 100,
  presentCount: 0,
  conflictCount: 0,
  failedCount: 1200,
  error: null,
  startedAt: null,
  finishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  errors: [],
  errorCount: 1200,
  warningCount: 0,
  errorsShown: 0,
  errorsOffset: 4000,
  errorsPage: 9,
  errorsPageCount: 3,
  tasks: [],
  taskCount: 0,
  failedWithoutFailedCheckpoint: 0,
  notStarted: 0,
  models: [],
  ...over,
});
const html = (r: ImportReport) => renderToStaticMarkup(createElement(ImportReportView, { report: r }));

describe('an import report page past the last problem page', () => {
  it('says "page 9 of 3" and links to the last page instead of showing nothing', () => {
    const out = html(report({}));
    expect(out).toContain('data-testid="problems-past-end"');
    expect(out).toContain('Page 9 of 3: this import has 1,200 problems, on 3 pages.');
    expect(out).toMatch(/href="\/imports\/imp1\?errorsPage=3"[^>]*>Go to the last page \(3\)</);
  });

  it('leads back to page 1 of a report without problems, and says nothing on a page that has problems', () => {
    expect(html(report({ errorCount: 0, failedCount: 0, errorsPage: 2, errorsPageCount: 1 }))).toContain(
      'Page 2 of 1: this import has no problems.',
    );
    const onPage = html(
      report({
        errorsPage: 3,
        errorsOffset: 1000,
        errorsShown: 1,
        errors: [{ kind: 'INVALID', file: 'runs.jsonl', line: 7, recordIndex: null, path: 'task', reason: 'bad' }],
      }),
    );
    expect(onPage).not.toContain('problems-past-end');
    expect(onPage).toContain('(page 3 of 3)');
  });
});

describe('an import report with failed runs that have no failed checkpoint', () => {
  it('says how many, that they are queued as run-level items, and says nothing when there are none', () => {
    expect(html(report({ failedWithoutFailedCheckpoint: 1 }))).toContain(
      '1 failed run has no failed checkpoint result, so it is in the queue as a run-level item, diagnosed as a whole',
    );
    expect(html(report({ failedWithoutFailedCheckpoint: 3 }))).toContain(
      '3 failed runs have no failed checkpoint result, so they are in the queue as run-level items',
    );
    expect(html(report({}))).not.toContain('failed-without-checkpoint');
  });
});

describe('an import report names the models it read', () => {
  it('lists each model (with its harness) and its runs, so a model taken from the file name can be checked', () => {
    const out = html(
      report({
        models: [
          { model: 'gpt-4o', agent: null, runs: 40, passed: 5 },
          { model: 'claude-opus-4-6', agent: 'llm_agent', runs: 1, passed: 1 },
        ],
      }),
    );
    expect(out.replace(/<[^>]+>/g, '')).toContain(
      'Models: gpt-4o (40 runs, 5 passed) · claude-opus-4-6 · llm_agent (1 run, 1 passed)',
    );
    expect(html(report({}))).not.toContain('import-models');
  });
});

describe('an import report counts runs that never started apart', () => {
  it('shows their count and says they are neither queued nor in the pass rates', () => {
    const out = html(report({ notStarted: 2 }));
    expect(out).toMatch(/data-testid="count-never-started">2</);
    expect(out).toContain('2 runs never started (no checkpoints, 0 of 0 points');
    expect(out).toContain('not in the queue, and not among the failed runs or in the pass rates');
    expect(html(report({}))).not.toContain('data-testid="not-started"');
  });
});
