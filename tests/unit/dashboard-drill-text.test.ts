import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DrillProposals } from '@/components/dashboard/drill-proposals';
import { DrillTrajectories } from '@/components/dashboard/drill-trajectories';
import type { DrillTrajectory } from '@/lib/dashboard/list-trajectories';
import type { ProposalListItem } from '@/lib/review/list-proposals';

const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50, pageCount: 1 });
// "evil" after a right-to-left override reads "live" when the control is obeyed.
const SPOOF = 'RTL\u202eevil';
const LONG = 'x'.repeat(300);

describe('imported text in the dashboard drill-downs', () => {
  it('shows bidi controls in task ids, abilities, models, agents and releases as markers, long ones cut with the whole text on hover', () => {
    const t: DrillTrajectory = {
      id: 't1',
      model: `model-${SPOOF}`,
      agent: `agent-${SPOOF}`,
      passed: false,
      memoryRelease: `rel-${SPOOF}`,
      failedCount: 1,
      createdAt: '2026-03-01T00:00:00.000Z',
      task: { id: 'k1', externalId: `task-${SPOOF}-${LONG}`, benchmark: 'bench', ability: `ability-${SPOOF}` },
    };
    const html = renderToStaticMarkup(createElement(DrillTrajectories, { page: page([t]), params: {} }));
    expect(html).not.toContain('\u202e');
    for (const text of [
      `model-RTL⟨U+202E⟩evil`,
      `agent-RTL⟨U+202E⟩evil`,
      `rel-RTL⟨U+202E⟩evil`,
      `ability-RTL⟨U+202E⟩evil`,
    ])
      expect(html).toContain(`${text}</bdi>`);
    // The long task id: one line, cut, the whole of it in the tooltip.
    expect(html).toMatch(
      new RegExp(
        `<bdi title="bench · task-RTL⟨U\\+202E⟩evil-${LONG}" data-testid="drill-task" class="inline-block truncate`,
      ),
    );
  });

  it('names a proposal by its card title (through the same safe text), its reason below', () => {
    const p: ProposalListItem = {
      id: 'p1',
      title: `Title ${SPOOF}`,
      operation: 'ADD_CARD',
      status: 'PENDING',
      valid: true,
      stale: false,
      cardKind: 'SKILL',
      ability: `ability-${SPOOF}`,
      reason: `Because ${SPOOF} ${LONG}`,
      runId: null,
      task: null,
      targets: [],
      record: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      rules: [],
      decisions: [],
    };
    const html = renderToStaticMarkup(
      createElement(DrillProposals, { page: page([p, { ...p, id: 'p2', title: null }]), params: {} }),
    );
    expect(html).not.toContain('\u202e');
    expect(html).toMatch(
      /<bdi title="Title RTL⟨U\+202E⟩evil" data-testid="drill-proposal-title" class="inline-block truncate[^"]*">Title RTL⟨U\+202E⟩evil<\/bdi>/,
    );
    expect(html).toContain(`title="Because RTL⟨U+202E⟩evil ${LONG}"`);
    expect(html).toContain('ability-RTL⟨U+202E⟩evil</bdi>');
    expect(html).toContain('(untitled card)');
  });
});
