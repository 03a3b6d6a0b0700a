import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckpointPanel } from '@/components/trajectory/checkpoint-panel';
import { noFailedCheckpointMessage, runLevelMessage } from '@/lib/trajectories/no-failed-checkpoint';
import { terminationText } from '@/lib/trajectories/termination';

const unscored = [
  { key: 'db', name: 'Final database state matches the expected one' },
  { key: 'output_0', name: 'Tell the user "23553"' },
];

describe('the workspace of a run with no failed checkpoint', () => {
  it('offers a failed run as a whole, with the termination reason, never claiming a checkpoint result failed when there are none', () => {
    const view = { score: 0, unscored, termination: terminationText('max_steps', 204), checkpoints: [] };
    const msg = runLevelMessage(view);
    expect(msg).toBe(
      'Stopped: reached the step limit (max_steps) after 204 events. The run failed (score 0) and it has no checkpoint results; 2 checkpoints of the task have no result in the imported run (db, output_0): diagnose the run as a whole, anchored to the events where it went wrong (the loop, the stall).',
    );
    expect(msg).not.toContain('none of its checkpoint results failed');
    expect(terminationText('too_many_errors', 3)).toBe(
      'Stopped: too many tool errors (too_many_errors) after 3 events',
    );
    expect(terminationText(null)).toBeNull();
    expect(noFailedCheckpointMessage({ passed: false, score: null, unscored: [] })).toBe(
      'The run failed: diagnose it as a whole.',
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
      inRewardBasis: null,
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
