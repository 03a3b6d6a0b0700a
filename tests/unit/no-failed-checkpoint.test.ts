import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckpointPanel } from '@/components/trajectory/checkpoint-panel';
import { noFailedCheckpointMessage } from '@/lib/trajectories/no-failed-checkpoint';

const unscored = [
  { key: 'db', name: 'Final database state matches the expected one' },
  { key: 'output_0', name: 'Tell the user "23553"' },
];

describe('the workspace of a run with no failed checkpoint', () => {
  it('does not say "every checkpoint passed" for a failed run: it says none of its results failed and which checks have no result', () => {
    const msg = noFailedCheckpointMessage({ passed: false, score: 0, unscored });
    expect(msg).not.toContain('Every checkpoint passed');
    expect(msg).toBe(
      'The run failed (score 0), but none of its checkpoint results failed; 2 checkpoints of the task have no result in the imported run (db, output_0). There is no failed checkpoint to diagnose here: compare the other attempts at this task to see where it went wrong.',
    );
    expect(noFailedCheckpointMessage({ passed: false, score: null, unscored: [] })).toMatch(
      /^The run failed, but none of its checkpoint results failed\. There is no failed/,
    );
  });

  it('keeps "every checkpoint passed" for a passed run, and says "with a result" when some were not scored', () => {
    expect(noFailedCheckpointMessage({ passed: true, score: 1, unscored: [] })).toBe(
      'Every checkpoint passed: nothing to diagnose.',
    );
    expect(noFailedCheckpointMessage({ passed: true, score: 1, unscored })).toBe(
      'Every checkpoint with a result passed: nothing to diagnose.',
    );
  });

  it('names the checkpoints without a result under the list, with their names as tooltips', () => {
    const cp = {
      id: 'r1',
      key: '2_0',
      name: 'airline.update_reservation_flights',
      description: null,
      passed: true,
      score: null,
      total: null,
      note: null,
      eventIndex: 54,
      position: 0,
      kind: 'action',
      expectedCall: null,
      anchoredCall: null,
      candidates: [],
    };
    const html = renderToStaticMarkup(
      createElement(CheckpointPanel, {
        checkpoints: [cp],
        unscored,
        diagnoses: [],
        activeId: null,
        meId: 'u1',
        onSelect: () => {},
      }),
    );
    expect(html).toContain('data-testid="checkpoints-unscored"');
    expect(html.replace(/<[^>]+>/g, '')).toContain('No result in this run: db, output_0');
    expect(html).toContain('title="Tell the user &quot;23553&quot;"');
    const none = renderToStaticMarkup(
      createElement(CheckpointPanel, {
        checkpoints: [cp],
        diagnoses: [],
        activeId: null,
        meId: 'u1',
        onSelect: () => {},
      }),
    );
    expect(none).not.toContain('checkpoints-unscored');
  });
});
